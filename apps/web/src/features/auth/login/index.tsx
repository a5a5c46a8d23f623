import type { LoginOptions } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha, fetchLoginOptions, login } from '../../../api/auth.ts';
import { completeSignIn } from '../../../app/account.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { website } from '../../../config.ts';
import { Brand } from './Brand.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import { Field, type FieldName } from './Field.tsx';
import { LanguageButtons } from './LanguageButtons.tsx';
import styles from './login.module.css';
import { SocialButtons } from './SocialButtons.tsx';

/** The tenant field holds the installation's default tenant until it is edited. */
type Values = Record<Exclude<FieldName, 'tenantId'>, string> & { tenantId?: string };

const fallbackOptions: LoginOptions = {
  tenantMode: false,
  captchaMode: false,
  defaultTenantId: website.tenantId,
  demoAccounts: [],
  socialProviders: [],
};

const requiredMessage: Record<FieldName, string> = {
  tenantId: 'login.tenantRequired',
  username: 'login.accountRequired',
  password: 'login.passwordRequired',
  code: 'login.captchaRequired',
};

/**
 * The login page, drawn without antd: it is the first page of every visit, on a school's link too, and antd is most
 * of the app's script (issue 26 §4). Plain inputs with their labels; a missing field is said under it and focused.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('route.login'));
  const [values, setValues] = useState<Values>({ username: '', password: '', code: '' });
  const [missing, setMissing] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);

  const optionsQuery = useQuery({ queryKey: ['login-options'], queryFn: fetchLoginOptions });
  const options = optionsQuery.data ?? fallbackOptions;
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    enabled: options.captchaMode,
    gcTime: 0,
  });
  const tenantId = values.tenantId ?? options.defaultTenantId;

  const fields: FieldName[] = [
    ...(options.tenantMode ? (['tenantId'] as const) : []),
    'username',
    'password',
    ...(options.captchaMode ? (['code'] as const) : []),
  ];
  const isMissing = (name: FieldName, value = name === 'tenantId' ? tenantId : values[name]) =>
    name === 'password' ? value === '' : value.trim() === '';

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setError(undefined);
    // Once said, a missing field's message follows what is typed.
    if (missing[name] !== undefined) setMissing((m) => ({ ...m, [name]: isMissing(name, value) }));
  };

  /** Marks the empty fields and focuses the first; true when all are filled. */
  const check = (names: FieldName[]): boolean => {
    const empty = names.filter((n) => isMissing(n));
    setMissing((m) => ({ ...m, ...Object.fromEntries(names.map((n) => [n, empty.includes(n)])) }));
    if (empty[0]) form.current?.querySelector<HTMLInputElement>(`#${empty[0]}`)?.focus();
    return empty.length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !check(fields)) return;
    setSubmitting(true);
    setError(undefined);
    try {
      const res = await login({
        tenantId: options.tenantMode ? tenantId.trim() : options.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        captcha: options.captchaMode && captcha.data ? { key: captcha.data.key, code: values.code } : undefined,
      });
      // The guard sees the new token and leaves this page for the one it sent us from (or home); navigating here
      // as well raced it, and the later of the two navigations won.
      completeSignIn(res);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('http.unknownError'));
      if (options.captchaMode) {
        setValues((v) => ({ ...v, code: '' }));
        void captcha.refetch();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: FieldName) => ({
    name,
    value: name === 'tenantId' ? tenantId : values[name],
    missing: Boolean(missing[name]),
    message: t(requiredMessage[name]),
    onChange: (value: string) => change(name, value),
  });

  return (
    <div className={styles.page}>
      <Brand />
      <main className={styles.panel}>
        <div className={styles.toolbar}>
          <LanguageButtons />
        </div>
        <div className={styles.card}>
          <img className={styles.cardLogo} src="/logo.svg" alt="" />
          <h2 className={styles.heading}>{t('login.heading')}</h2>
          <p className={styles.subheading}>{t('login.subheading')}</p>
          <form ref={form} noValidate onSubmit={submit}>
            {options.tenantMode && (
              <Field {...field('tenantId')} label={t('login.tenantId')} autoComplete="organization" />
            )}
            <Field {...field('username')} label={t('login.account')} autoComplete="username" autoFocus />
            <Field {...field('password')} label={t('login.password')} autoComplete="current-password" secret />
            {options.captchaMode && (
              <Field {...field('code')} label={t('login.captcha')} autoComplete="off">
                <button
                  type="button"
                  className={styles.captchaImage}
                  title={t('login.captchaRefresh')}
                  aria-label={t('login.captchaRefresh')}
                  onClick={() => void captcha.refetch()}
                >
                  {captcha.data ? <img src={captcha.data.image} alt={t('login.captcha')} /> : t('login.captchaLoading')}
                </button>
              </Field>
            )}
            {error && (
              <div className={styles.error} role="alert">
                {error}
              </div>
            )}
            <button
              type="submit"
              className={`plain-button primary ${styles.submit}`}
              aria-busy={submitting}
              disabled={submitting}
            >
              {submitting && <span className={styles.buttonSpinner} aria-hidden="true" />}
              {t('login.submit')}
            </button>
          </form>
          <SocialButtons
            providers={options.socialProviders}
            tenantId={() => {
              if (!options.tenantMode) return options.defaultTenantId;
              return check(['tenantId']) ? tenantId.trim() : undefined;
            }}
            onError={setError}
          />
          <DemoAccounts
            accounts={options.demoAccounts}
            onPick={(a) => {
              setValues((v) => ({ ...v, username: a.account, password: a.password }));
              setMissing((m) => ({ ...m, username: false, password: false }));
              setError(undefined);
            }}
          />
        </div>
        <footer className={styles.footer}>
          © {new Date().getFullYear()} {t('app.copyright')}
        </footer>
      </main>
    </div>
  );
}
