import { NO_PACKAGE, type Tenant, tenantSettingSchema } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi, tenantPackageApi } from '../../api/system.ts';
import { localName } from '../../i18n/local-name.ts';
import { schemaRule } from '../CrudPage/schema-rules.ts';

interface Values {
  accountNumber?: number | null;
  expireTime?: Dayjs | null;
  /** NO_PACKAGE takes the tenants out of any package; undefined keeps each one's. */
  packageId?: string;
}

/**
 * 授权配置: one account quota, expiry and/or package for the selected tenants (`tenant/setting`). A field left empty keeps
 * each tenant's own value; with a single tenant the form starts from its values.
 */
export function TenantSetting({ tenants, onClose }: { tenants: Tenant[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  // While the dialog fades out after closing, keep showing whom it was for.
  const last = useRef(tenants);
  if (tenants.length) last.current = tenants;
  const shown = last.current;
  const only = shown.length === 1 ? shown[0] : undefined;

  const packages = useQuery({
    queryKey: ['tenant-package', 'options'],
    queryFn: tenantPackageApi.options,
    enabled: tenants.length > 0,
  });

  const save = useMutation({
    mutationFn: (values: { accountNumber?: number; expireTime?: string; packageId?: string }) =>
      tenantApi.setting(
        tenants.map((x) => x.id),
        values,
      ),
    onSuccess: () => {
      void message.success(t('tenant.setting.done'));
      void queryClient.invalidateQueries({ queryKey: ['tenant'] });
      onClose();
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const accountNumber = values.accountNumber ?? undefined;
    const expireTime = values.expireTime ? values.expireTime.toISOString() : undefined;
    const { packageId } = values;
    if (accountNumber === undefined && expireTime === undefined && packageId === undefined) {
      void message.warning(t('tenant.setting.nothing'));
      return;
    }
    save.mutate({ accountNumber, expireTime, packageId });
  };

  const quotaLabel = t('tenant.accountNumber');
  return (
    <Modal
      open={tenants.length > 0}
      title={t('tenant.setting.title')}
      onCancel={onClose}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('tenant.setting.selected', {
          count: shown.length,
          names: shown.map((x) => localName(x.tenantName, x.tenantNameEn)).join('、'),
        })}
        description={t('tenant.setting.keepHint')}
      />
      <Form
        form={form}
        name="setting"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{
          accountNumber: only?.accountNumber,
          expireTime: only?.expireTime ? dayjs(only.expireTime) : undefined,
          packageId: only ? (only.packageId ?? undefined) : undefined,
        }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="accountNumber"
          label={quotaLabel}
          extra={t('tenant.accountNumberHelp')}
          rules={[schemaRule(tenantSettingSchema, 'accountNumber', quotaLabel, t)!]}
        >
          <InputNumber style={{ width: '100%' }} placeholder={t('crud.inputPlaceholder', { label: quotaLabel })} />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')}>
          <DatePicker
            showTime
            style={{ width: '100%' }}
            placeholder={t('crud.selectPlaceholder', { label: t('tenant.expireTime') })}
          />
        </Form.Item>
        <Form.Item name="packageId" label={t('tenant.packageId')} extra={t('tenant.packageHelp')}>
          <Select
            allowClear
            loading={packages.isLoading}
            placeholder={t('crud.selectPlaceholder', { label: t('tenant.packageId') })}
            options={[
              { label: t('tenant.setting.clearPackage'), value: NO_PACKAGE },
              ...(packages.data ?? []).map((p) => ({ label: p.packageName, value: p.id })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
