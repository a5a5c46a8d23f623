import type { SocialLoginOption } from '@shixun/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSocialAuthorizeUrl } from '../../../api/auth.ts';
import { ShieldIcon } from './icons.tsx';
import styles from './login.module.css';

/** Gitee and GitHub by their initial in their colour (no extra icon download on the login page), any other SSO by a shield. */
function ProviderIcon({ preset }: { preset: string }) {
  if (preset === 'gitee' || preset === 'github')
    return (
      <span className={`${styles.badge} ${styles[preset]}`} aria-hidden="true">
        G
      </span>
    );
  return <ShieldIcon />;
}

/**
 * 第三方登录: one button per configured provider. The server gives the provider's address (and binds this browser
 * to the sign-in); the provider sends the browser back to /oauth/callback/<source>.
 */
export function SocialButtons({
  providers,
  tenantId,
  onError,
}: {
  providers: SocialLoginOption[];
  /** The tenant to sign in to; undefined while a required tenant field is empty (it then asks for it). */
  tenantId: () => string | undefined;
  /** Why the provider's address could not be had: the page shows it where it shows a failed sign-in. */
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState<string>();
  const start = async (source: string) => {
    const tenant = tenantId();
    if (tenant === undefined) return;
    setStarting(source);
    try {
      const { url } = await fetchSocialAuthorizeUrl(source, tenant);
      window.location.assign(url);
    } catch (e) {
      onError(e instanceof Error ? e.message : t('http.unknownError'));
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
          <button
            key={p.source}
            type="button"
            className="plain-button"
            aria-busy={starting === p.source}
            disabled={Boolean(starting)}
            onClick={() => void start(p.source)}
          >
            {starting === p.source ? (
              <span className={styles.buttonSpinner} aria-hidden="true" />
            ) : (
              <ProviderIcon preset={p.preset} />
            )}
            {p.name}
          </button>
        ))}
      </div>
    </div>
  );
}
