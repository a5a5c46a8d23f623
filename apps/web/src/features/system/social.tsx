import { KeyOutlined } from '@ant-design/icons';
import { SOCIAL_PRESET_NAMES, type SocialProvider, socialProviderFormSchema } from '@shixun/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { socialApi } from '../../api/social.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';

/** 更换密钥: the secret is write-only, so changing it is its own small form. */
function ChangeSecret({ row, onClose }: { row: SocialProvider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ clientSecret: string }>();
  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !row) return;
    // A refusal was shown by the client; the dialog stays open to try again.
    const saved = await socialApi.changeSecret(row.id, values.clientSecret).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    void message.success(t('social.page.secretChanged'));
    onClose();
  };
  return (
    <Modal
      title={`${t('social.page.changeSecret')} · ${row?.name ?? ''}`}
      open={Boolean(row)}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="clientSecret"
          label={t('social.page.newSecret')}
          rules={[{ required: true, whitespace: true, message: t('shared:social.clientSecret.required') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 第三方登录: the OAuth2 / OpenID Connect providers offered on the sign-in page (platform administrator). */
export default function SocialPage() {
  const [changing, setChanging] = useState<SocialProvider | null>(null);
  const option = useMemo<CrudOption<SocialProvider & { clientSecret?: string }, typeof socialProviderFormSchema>>(
    () => ({
      biz: 'social',
      title: 'social.page.title',
      rowKey: 'id',
      api: socialApi,
      formSchema: socialProviderFormSchema,
      defaults: { preset: 'generic', sort: 1, status: 1 },
      columns: [
        { prop: 'name', label: 'social.page.name', search: true, width: 180 },
        { prop: 'source', label: 'social.page.source', search: true, width: 140, half: true },
        {
          prop: 'preset',
          label: 'social.page.preset',
          type: 'select',
          options: SOCIAL_PRESET_NAMES.map((p) => ({ label: `social.page.presets.${p}`, value: p })),
          width: 170,
          half: true,
        },
        {
          prop: 'authorizeUrl',
          label: 'social.page.authorizeUrl',
          hideInTable: true,
          help: 'social.page.endpointsHelp',
        },
        { prop: 'tokenUrl', label: 'social.page.tokenUrl', hideInTable: true },
        { prop: 'userInfoUrl', label: 'social.page.userInfoUrl', hideInTable: true },
        { prop: 'clientId', label: 'social.page.clientId', ellipsis: true, width: 180 },
        {
          prop: 'clientSecret',
          label: 'social.page.clientSecret',
          type: 'password',
          modes: ['add'],
          hideInTable: true,
          help: 'social.page.secretHelp',
        },
        { prop: 'redirectUri', label: 'social.page.redirectUri', ellipsis: true, help: 'social.page.redirectHelp' },
        { prop: 'scope', label: 'social.page.scope', hideInTable: true },
        { prop: 'idField', label: 'social.page.idField', hideInTable: true, half: true, help: 'social.page.fieldHelp' },
        { prop: 'usernameField', label: 'social.page.usernameField', hideInTable: true, half: true },
        { prop: 'nameField', label: 'social.page.nameField', hideInTable: true, half: true },
        { prop: 'avatarField', label: 'social.page.avatarField', hideInTable: true, half: true },
        { prop: 'emailField', label: 'social.page.emailField', hideInTable: true, half: true },
        { prop: 'sort', label: 'social.page.sort', type: 'number', half: true, width: 80 },
        { prop: 'status', label: 'social.page.status', type: 'status', half: true, width: 90 },
        { prop: 'remark', label: 'social.page.remark', type: 'textarea', hideInTable: true },
      ],
      rowActions: (row) => [
        {
          code: 'social_edit',
          icon: <KeyOutlined />,
          label: 'social.page.changeSecret',
          onClick: () => setChanging(row),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} />
      <ChangeSecret row={changing} onClose={() => setChanging(null)} />
    </>
  );
}
