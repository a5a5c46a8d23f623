import type { Tenant } from '@shixun/contracts';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../../i18n/local-name.ts';
import { OneTimeSecrets } from '../OneTimeSecrets.tsx';

/**
 * The new tenant's administrator and the generated password — shown once, right after creating the tenant; the
 * server never shows it again.
 */
export function TenantCredentials({ tenant, onClose }: { tenant: Tenant | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const oneTime = tenant?.oneTime;
  const name = tenant ? localName(tenant.tenantName, tenant.tenantNameEn) : '';
  return (
    <OneTimeSecrets
      open={Boolean(oneTime)}
      title={t('tenant.created.title')}
      warning={t('tenant.created.warning')}
      closeLabel={t('tenant.created.done')}
      copyAllText={
        oneTime ? t('tenant.created.copyText', { tenantName: name, tenantId: tenant.tenantId, ...oneTime }) : ''
      }
      onClose={onClose}
    >
      {oneTime && (
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 140 } }}
          items={[
            { key: 'name', label: t('tenant.tenantName'), children: name },
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
      )}
    </OneTimeSecrets>
  );
}
