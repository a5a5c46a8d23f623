import { plainPasswordSchema } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PasswordChange, userApi } from '../../../api/user.ts';
import styles from './info.module.css';

/** 修改密码: the current password and the new one twice; other sessions of the account end on success. */
export function PasswordTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const change = useMutation({
    mutationFn: userApi.updatePassword,
    onSuccess: () => {
      form.resetFields();
      void message.success(t('info.passwordSaved'));
    },
  });

  const newPasswordRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(t('info.newRequired'));
      const result = plainPasswordSchema.safeParse(value);
      if (!result.success)
        throw new Error(t(`shared:${result.error.issues[0]?.message}`, { field: t('info.newPassword') }));
    },
  };

  return (
    <Form<PasswordChange>
      form={form}
      layout="vertical"
      className={styles.form}
      onFinish={(values) => change.mutate(values)}
    >
      <Form.Item
        name="oldPassword"
        label={t('info.oldPassword')}
        rules={[{ required: true, message: t('info.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('info.newPassword')} required rules={[newPasswordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('shared:user.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('info.save')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('info.reset')}</Button>
      </Space>
    </Form>
  );
}
