import { LoadingOutlined } from '@ant-design/icons';
import type { LoginResponse } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fetchLoginOptions } from '../../../api/auth.ts';
import { socialLogin } from '../../../api/social.ts';
import { completeSignIn, loadMenu, MENU_QUERY_KEY } from '../../../app/account.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { website } from '../../../config.ts';
import styles from './social.module.css';
import { ThirdRegister } from './ThirdRegister.tsx';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'newcomer'; res: LoginResponse };

/**
 * /oauth/callback/:source — where the provider sends the browser back: the code is exchanged (once), a bound
 * account goes home signed in, a newcomer gets the third-party registration dialog.
 */
export default function SocialCallback() {
  const { t } = useTranslation();
  useDocumentTitle(t('route.login'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { source = '' } = useParams();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);
  const options = useQuery({ queryKey: ['login-options'], queryFn: fetchLoginOptions });

  useEffect(() => {
    // A state is good for one exchange: never send it twice, whatever re-renders.
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    const denied = params.get('error_description') ?? params.get('error');
    if (denied || !code) {
      setOutcome({ kind: 'failed', message: denied || t('shared:auth.social.state') });
      return;
    }
    socialLogin(source, code, state)
      .then(async (res) => {
        if (Number(res.user_id) < 0 || !res.access_token) {
          setOutcome({ kind: 'newcomer', res });
          return;
        }
        completeSignIn(res);
        await queryClient.fetchQuery({ queryKey: MENU_QUERY_KEY, queryFn: loadMenu }).catch(() => undefined);
        navigate(website.homePath, { replace: true });
      })
      .catch((e: unknown) => setOutcome({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }));
  }, [source, params, navigate, queryClient, t]);

  const back = (
    <Button type="primary" onClick={() => navigate(website.loginPath, { replace: true })}>
      {t('social.backToLogin')}
    </Button>
  );

  return (
    <div className={styles.callback}>
      {outcome.kind === 'working' && <Result icon={<LoadingOutlined />} title={t('social.signingIn')} />}
      {outcome.kind === 'failed' && (
        <Result status="warning" title={t('social.failedTitle')} subTitle={outcome.message} extra={back} />
      )}
      {outcome.kind === 'newcomer' && options.data && (
        <ThirdRegister
          ticket={outcome.res.oauth_id}
          tenantId={outcome.res.tenant_id}
          tenantShown={options.data.tenantMode}
          suggested={{ name: outcome.res.nick_name, account: outcome.res.account }}
        />
      )}
    </div>
  );
}
