import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config.ts';
import { useLock } from '../../stores/lock.ts';
import { useShellUi } from './shell-ui.ts';

/** Set a lock password, then lock: every route leads to /lock until it is entered again. */
export function LockDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const open = useShellUi((s) => s.panel === 'lock');
  const onClose = useShellUi((s) => s.close);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    useLock.getState().lock(values.password);
    onClose();
    navigate(website.lockPath);
  };

  return (
    <Modal
      title={t('lock.setTitle')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      okText={t('top.lock')}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={400}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          extra={t('lock.setHint')}
          rules={[{ required: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
