import { GithubOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { SocialLoginOption } from '@shixun/contracts';
import { Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSocialAuthorizeUrl } from '../../api/auth.ts';
import styles from './login.module.css';

function ProviderIcon({ preset }: { preset: string }) {
  if (preset === 'github') return <GithubOutlined />;
  if (preset === 'gitee') return <span className={styles.giteeIcon}>G</span>;
  return <SafetyCertificateOutlined />;
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
  if (!providers.length) return null;

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

  return (
    <div className={styles.social}>
      <Divider plain>{t('login.socialTitle')}</Divider>
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
