import { SendOutlined } from '@ant-design/icons';
import { type Sms, sendMessageSchema, smsFormSchema } from '@shixun/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smsApi } from '../../api/files.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { ConfigStatus, useEnableAction } from './EnableAction.tsx';

/** A row, and the form's write-only secret. */
type SmsRow = Sms & { secretKey?: string };

/** 发送测试短信: phones and the template's parameters, sent through this config by the server. */
function SendDialog({ config, onClose }: { config: Sms | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phones: string; params: string }>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !config) return;
    setSending(true);
    try {
      await smsApi.send(config.smsCode, values.phones, values.params ?? '');
      void message.success(t('sms.sent'));
      onClose();
    } catch {
      // The HTTP client has shown the server's reason (a provider code, or the per-number limit).
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={Boolean(config)}
      title={t('sms.sendTitle', { code: config?.smsCode ?? '' })}
      okText={t('sms.sendOk')}
      onOk={() => void send()}
      confirmLoading={sending}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="smsSend" validateTrigger="onBlur">
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          required
          extra={t('sms.phonesHelp')}
          rules={[schemaRule(sendMessageSchema, 'phones', t('sms.phones'), t, (v) => v ?? '')!]}
        >
          <Input placeholder="13800138000" autoFocus />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('sms.params')}
          extra={t('sms.paramsHelp')}
          rules={[schemaRule(sendMessageSchema, 'params', t('sms.params'), t)!]}
        >
          <Input.TextArea rows={3} placeholder='{"code":"1234"}' />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 短信配置: a school's SMS providers (阿里云, 腾讯云, 七牛云, 云片), the one in use, and a test message. */
export default function SmsPage() {
  const [sending, setSending] = useState<Sms | null>(null);
  const enableAction = useEnableAction('sms', smsApi.enable);
  const option = useMemo<CrudOption<SmsRow, typeof smsFormSchema>>(
    () => ({
      biz: 'sms',
      title: 'sms.title',
      rowKey: 'id',
      api: smsApi,
      formSchema: smsFormSchema,
      defaults: { category: 3, status: 1 },
      columns: [
        { prop: 'smsCode', label: 'sms.smsCode', search: true, width: 160, half: true },
        {
          prop: 'category',
          label: 'sms.category',
          type: 'select',
          dict: { code: 'sms', numeric: true },
          search: true,
          width: 110,
          half: true,
        },
        { prop: 'templateId', label: 'sms.templateId', width: 160, half: true },
        { prop: 'signName', label: 'sms.signName', width: 140, half: true, help: 'sms.signHelp' },
        { prop: 'accessKey', label: 'sms.accessKey', ellipsis: true, width: 160, help: 'sms.accessHelp' },
        {
          prop: 'secretKey',
          label: 'sms.secretKey',
          type: 'password',
          modes: ['add', 'edit'],
          hideInTable: true,
          help: 'sms.secretHelp',
        },
        { prop: 'appId', label: 'sms.appId', hideInTable: true, half: true, help: 'sms.appHelp' },
        { prop: 'regionId', label: 'sms.regionId', hideInTable: true, half: true, help: 'sms.regionHelp' },
        { prop: 'endpoint', label: 'sms.endpoint', hideInTable: true, help: 'sms.endpointHelp' },
        {
          prop: 'status',
          label: 'sms.status',
          type: 'status',
          width: 140,
          half: true,
          render: (_, row) => <ConfigStatus row={row} family="sms" />,
        },
        { prop: 'remark', label: 'sms.remark', type: 'textarea', hideInTable: true },
      ],
      rowActions: (row) => [
        enableAction(row, row.smsCode),
        {
          code: 'sms_send',
          icon: <SendOutlined />,
          label: 'sms.send',
          disabled: row.status !== 1,
          onClick: () => setSending(row),
        },
      ],
    }),
    [enableAction],
  );
  return (
    <>
      <CrudPage option={option} />
      <SendDialog config={sending} onClose={() => setSending(null)} />
    </>
  );
}
