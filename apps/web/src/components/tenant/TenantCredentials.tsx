import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { Tenant } from '@shixun/contracts';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard.ts';

/**
 * The new tenant's administrator and the generated password — shown once, right after creating the tenant; the
 * server never shows it again. So this dialog does not close by a stray click or Esc, only by saying it was saved.
 */
export function TenantCredentials({ tenant, onClose }: { tenant: Tenant | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const oneTime = tenant?.oneTime;
  const all = oneTime
    ? t('tenant.created.copyText', { tenantName: tenant.tenantName, tenantId: tenant.tenantId, ...oneTime })
    : '';

  return (
    <Modal
      open={Boolean(oneTime)}
      title={t('tenant.created.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      afterClose={() => setCopied(false)}
      footer={[
        <Button
          key="copy"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copyText(all).then(setCopied)}
        >
          {copied ? t('tenant.created.copied') : t('tenant.created.copyAll')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('tenant.created.done')}
        </Button>,
      ]}
    >
      {oneTime && (
        <>
          <Alert type="warning" showIcon title={t('tenant.created.warning')} style={{ marginBottom: 16 }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 140 } }}
            items={[
              { key: 'name', label: t('tenant.tenantName'), children: tenant.tenantName },
              {
                key: 'tenantId',
                label: t('tenant.created.tenantId'),
                children: (
                  <Typography.Text copyable data-testid="created-tenant-id">
                    {tenant.tenantId}
                  </Typography.Text>
                ),
              },
              {
                key: 'account',
                label: t('tenant.created.account'),
                children: (
                  <Typography.Text copyable data-testid="created-account">
                    {oneTime.account}
                  </Typography.Text>
                ),
              },
              {
                key: 'password',
                label: t('tenant.created.password'),
                children: (
                  <Typography.Text code copyable strong style={{ fontSize: 15 }} data-testid="created-password">
                    {oneTime.password}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
