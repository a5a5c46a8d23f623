import { type User, userPlatformFormSchema } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user.ts';
import { DictSelect } from '../../components/DictSelect.tsx';

/** 平台配置: the platform a user signs in on (web / app / other) and that platform's JSON extension. */
export function PlatformDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const detail = useQuery({
    queryKey: ['user', 'platform', user?.id],
    queryFn: () => userApi.platformDetail(user!.id),
    enabled: Boolean(user),
    gcTime: 0,
  });
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ userType: detail.data.userType, userExt: detail.data.userExt });
  }, [detail.data, form]);
  const save = useMutation({
    mutationFn: (values: { userType: number; userExt: string }) =>
      userApi.updatePlatform(userPlatformFormSchema.parse({ userId: user!.id, ...values })),
    onSuccess: () => {
      void message.success(t('crud.updated'));
      onClose();
    },
  });
  return (
    <Modal
      open={Boolean(user)}
      title={t('user.platformTitle', { name: user?.realName ?? '' })}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      forceRender
    >
      <Spin spinning={detail.isFetching}>
        <Form form={form} layout="vertical" name="platform">
          <Form.Item name="userType" label={t('user.userType')} rules={[{ required: true }]}>
            <DictSelect dict={{ code: 'user_type', numeric: true }} />
          </Form.Item>
          <Form.Item
            name="userExt"
            label={t('user.userExt')}
            rules={[
              {
                validator: async (_, value?: string) => {
                  if (!value?.trim()) return;
                  try {
                    JSON.parse(value);
                  } catch {
                    throw new Error(t('user.userExtInvalid'));
                  }
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} placeholder='{"wechat": "..."}' />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
