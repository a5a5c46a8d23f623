import { SafetyOutlined } from '@ant-design/icons';
import type { SocialLoginOption } from '@shixun/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSocialAuthorizeUrl } from '../../api/auth.ts';
import styles from './login.module.css';

/** Gitee and GitHub by their initial in their colour (no extra icon download on the login page), any other SSO by a shield. */
function ProviderIcon({ preset }: { preset: string }) {
  if (preset === 'gitee' || preset === 'github') return <span className={`${styles.badge} ${styles[preset]}`}>G</span>;
  return <SafetyOutlined />;
}

/**
 * 第三方登录: one button per configured provider. The server gives the provider's address (and binds this browser
 * to the sign-in); the provider sends the browser back to /oauth/callback/<source>.
 */
export function SocialButtons({
  providers,
  tenantId,
}: {
  providers: SocialLoginOption[];
  /** The tenant to sign in to; undefined while a required tenant field is empty (it then asks for it). */
  tenantId: () => Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState<string>();
  const start = async (source: string) => {
    const tenant = await tenantId();
    if (tenant === undefined) return;
    setStarting(source);
    try {
      const { url } = await fetchSocialAuthorizeUrl(source, tenant);
      window.location.assign(url);
    } catch {
      // The client has shown why; the button is usable again.
      setStarting(undefined);
    }
  };

  // No provider configured: no "other ways to sign in" heading over nothing.
  if (providers.length === 0) return null;
  return (
    <div className={styles.social}>
      <div className={styles.divider}>{t('login.socialTitle')}</div>
      <div className={styles.socialButtons}>
        {providers.map((p) => (
          <Button
            key={p.source}
            icon={<ProviderIcon preset={p.preset} />}
            loading={starting === p.source}
            disabled={Boolean(starting) && starting !== p.source}
            onClick={() => void start(p.source)}
          >
            {p.name}
          </Button>
        ))}
      </div>
    </div>
  );
}
