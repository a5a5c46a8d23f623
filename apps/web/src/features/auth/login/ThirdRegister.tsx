import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../api/http.ts';
import { registerGuest } from '../../../api/social.ts';
import { website } from '../../../config.ts';
import { clearSession } from '../../../stores/session.ts';
import { type RegistrationForm, registrationProblem } from './registration.ts';

/** The server's words when it gave any; 'submit failed' otherwise (SPEC §8). */
function failureText(e: unknown, fallback: string): string {
  const msg = e instanceof HttpError ? (e.body as { msg?: unknown } | undefined)?.msg : undefined;
  return typeof msg === 'string' && msg ? msg : fallback;
}

/**
 * 第三方注册 (SPEC §2 "Other screens"): a social-login newcomer applies for an account bound to their third-party
 * identity (the ticket). The tenant id is asked only in multi-tenant mode (no tenant comes from the host here).
 * Success: an alert that the application awaits approval, then back to /login signed out.
 */
export function ThirdRegister({
  ticket,
  tenantId,
  tenantShown,
  suggested,
}: {
  ticket: string;
  tenantId: string;
  tenantShown: boolean;
  suggested: { name: string; account: string };
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegistrationForm>();
  const [saving, setSaving] = useState(false);

  const leave = () => {
    clearSession();
    navigate(website.loginPath, { replace: true });
  };

  const submit = async () => {
    // Fields never typed in are undefined; the hidden tenant field is the tenant the sign-in started in.
    const typed: Partial<RegistrationForm> = form.getFieldsValue();
    const values: RegistrationForm = {
      tenantId: typed.tenantId ?? tenantId,
      name: typed.name ?? '',
      account: typed.account ?? '',
      password: typed.password ?? '',
      password2: typed.password2 ?? '',
    };
    const problem = registrationProblem(values, tenantShown);
    if (problem) {
      void message.warning(t(problem));
      return;
    }
    setSaving(true);
    try {
      await registerGuest({
        tenantId: values.tenantId.trim(),
        name: values.name.trim(),
        account: values.account.trim(),
        password: values.password,
        oauthId: ticket,
      });
      modal.success({ title: t('social.submittedTitle'), content: t('social.submitted'), onOk: leave });
    } catch (e) {
      void message.error(failureText(e, t('social.submitFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('social.registerTitle')}
      okText={t('social.submit')}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={leave}
      cancelText={t('social.backToLogin')}
      maskClosable={false}
      width={460}
    >
      <Typography.Paragraph type="secondary">
        {t('social.registerIntro', { name: suggested.name || suggested.account })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tenantId, name: suggested.name, account: suggested.account }}
        onFinish={() => void submit()}
        requiredMark={false}
      >
        {tenantShown && (
          <Form.Item name="tenantId" label={t('social.tenantId')}>
            <Input prefix={<TeamOutlined />} autoComplete="organization" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('social.name')}>
          <Input prefix={<UserOutlined />} maxLength={50} />
        </Form.Item>
        <Form.Item name="account" label={t('social.account')}>
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('social.password')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('social.password2')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
