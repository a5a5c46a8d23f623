import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginOptions } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha, fetchLoginOptions, login } from '../../api/auth.ts';
import { completeSignIn } from '../../app/account.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { website } from '../../config.ts';
import { Brand } from './Brand.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import styles from './login.module.css';
import { SocialButtons } from './SocialButtons.tsx';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

const fallbackOptions: LoginOptions = {
  tenantMode: false,
  captchaMode: false,
  defaultTenantId: website.tenantId,
  demoAccounts: [],
  socialProviders: [],
};

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('route.login'));
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const optionsQuery = useQuery({ queryKey: ['login-options'], queryFn: fetchLoginOptions });
  const options = optionsQuery.data ?? fallbackOptions;
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    enabled: options.captchaMode,
    gcTime: 0,
  });

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const res = await login({
        tenantId: options.tenantMode ? values.tenantId.trim() : options.defaultTenantId,
        username: values.username.trim(),
        password: values.password,
        captcha: options.captchaMode && captcha.data ? { key: captcha.data.key, code: values.code ?? '' } : undefined,
      });
      // The guard sees the new token and leaves this page for the one it sent us from (or home); navigating here
      // as well raced it, and the later of the two navigations won.
      completeSignIn(res);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('http.unknownError'));
      if (options.captchaMode) {
        form.setFieldValue('code', '');
        void captcha.refetch();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <Brand />
      <main className={styles.panel}>
        <div className={styles.toolbar}>
          <LanguageSwitch />
        </div>
        <div className={styles.card}>
          <img className={styles.cardLogo} src="/logo.svg" alt="" />
          <h2 className={styles.heading}>{t('login.heading')}</h2>
          <p className={styles.subheading}>{t('login.subheading')}</p>
          <Form<LoginForm>
            form={form}
            size="large"
            layout="vertical"
            requiredMark={false}
            initialValues={{ tenantId: options.defaultTenantId }}
            onFinish={submit}
            onValuesChange={() => setError(undefined)}
          >
            {options.tenantMode && (
              <Form.Item
                name="tenantId"
                label={t('login.tenantId')}
                rules={[{ required: true, whitespace: true, message: t('login.tenantRequired') }]}
              >
                <Input prefix={<TeamOutlined />} placeholder={t('login.tenantId')} autoComplete="organization" />
              </Form.Item>
            )}
            <Form.Item
              name="username"
              label={t('login.account')}
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            {options.captchaMode && (
              <Form.Item label={t('login.captcha')} required>
                <div className={styles.captchaRow}>
                  <Form.Item
                    name="code"
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
                  >
                    <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} autoComplete="off" />
                  </Form.Item>
                  <button
                    type="button"
                    className={styles.captchaImage}
                    title={t('login.captchaRefresh')}
                    onClick={() => void captcha.refetch()}
                  >
                    {captcha.data ? (
                      <img src={captcha.data.image} alt={t('login.captcha')} />
                    ) : (
                      t('login.captchaLoading')
                    )}
                  </button>
                </div>
              </Form.Item>
            )}
            {error && <Alert className={styles.error} type="error" showIcon title={error} role="alert" />}
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form>
          <SocialButtons
            providers={options.socialProviders}
            tenantId={async () => {
              if (!options.tenantMode) return options.defaultTenantId;
              const values = await form.validateFields(['tenantId']).catch(() => undefined);
              return values?.tenantId.trim();
            }}
          />
          <DemoAccounts
            accounts={options.demoAccounts}
            onPick={(a) => {
              form.setFieldsValue({ username: a.account, password: a.password });
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
