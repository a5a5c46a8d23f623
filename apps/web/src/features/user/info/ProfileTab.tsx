import { type ProfileForm, profileFormSchema } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Result, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user.ts';
import { ownInfoQuery } from '../../../app/account.ts';
import { isRequired, schemaRule } from '../../../components/CrudPage/schema-rules.ts';
import { useAuth } from '../../../stores/auth.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import styles from './info.module.css';

const FIELDS = ['name', 'realName', 'phone', 'email'] as const;

/** 个人信息: one's own avatar, names, phone and e-mail, saved through update-info. */
export function ProfileTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileForm>();
  const info = useQuery(ownInfoQuery);

  const fill = () => {
    if (!info.data) return;
    const { avatar, name, realName, phone, email } = info.data;
    form.setFieldsValue({ avatar, name, realName, phone, email });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill reads only info.data
  useEffect(fill, [info.data]);

  const save = useMutation({
    mutationFn: (values: ProfileForm) => userApi.updateInfo(values),
    onSuccess: (saved) => {
      queryClient.setQueryData(ownInfoQuery.queryKey, saved);
      useAuth.getState().setProfile({ name: saved.name, avatar: saved.avatar });
      void message.success(t('info.saved'));
    },
  });

  if (info.isError) return <Result status="warning" title={t('info.loadFailed')} />;
  if (!info.data) return <Skeleton active paragraph={{ rows: 5 }} />;

  return (
    <Form<ProfileForm>
      form={form}
      layout="vertical"
      className={styles.form}
      onFinish={(values) => save.mutate(profileFormSchema.parse(values))}
    >
      <Form.Item name="avatar" label={t('info.avatar')}>
        <AvatarUpload />
      </Form.Item>
      {FIELDS.map((field) => {
        const label = t(`info.${field}`);
        return (
          <Form.Item
            key={field}
            name={field}
            label={label}
            required={isRequired(profileFormSchema, field)}
            rules={[schemaRule(profileFormSchema, field, label, t)!]}
            validateTrigger="onBlur"
          >
            <Input
              placeholder={t('crud.inputPlaceholder', { label })}
              allowClear
              maxLength={field === 'phone' ? 20 : 100}
            />
          </Form.Item>
        );
      })}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('info.save')}
        </Button>
        <Button onClick={fill}>{t('info.reset')}</Button>
      </Space>
    </Form>
  );
}
