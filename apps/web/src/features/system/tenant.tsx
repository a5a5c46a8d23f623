import { SafetyCertificateOutlined } from '@ant-design/icons';
import { type Tenant, tenantFormSchema } from '@shixun/contracts';
import { useMemo, useState } from 'react';
import { tenantApi, tenantPackageApi } from '../../api/system.ts';
import { ActionButton, type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ExpiryCell, PackageCell, QuotaCell } from '../../components/tenant/cells.tsx';
import { TenantCredentials } from '../../components/tenant/TenantCredentials.tsx';
import { TenantSetting } from '../../components/tenant/TenantSetting.tsx';
import { localName } from '../../i18n/local-name.ts';

const packageOptions = async () =>
  (await tenantPackageApi.options()).map((p) => ({ label: p.packageName, value: p.id }));

/** 租户管理 (platform administrator only): the schools on this installation, their quota and expiry. */
const option: CrudOption<Tenant, typeof tenantFormSchema> = {
  biz: 'tenant',
  title: 'tenant.title',
  rowKey: 'id',
  api: tenantApi,
  formSchema: tenantFormSchema,
  defaults: { accountNumber: -1, status: 1 },
  columns: [
    { prop: 'tenantId', label: 'tenant.tenantId', search: true },
    {
      prop: 'tenantName',
      label: 'tenant.tenantName',
      search: true,
      render: (_, row) => localName(row.tenantName, row.tenantNameEn),
    },
    { prop: 'tenantNameEn', label: 'english.name', help: 'english.help', hideInTable: true },
    { prop: 'domain', label: 'tenant.domain' },
    { prop: 'linkman', label: 'tenant.linkman', search: true, half: true },
    { prop: 'contactNumber', label: 'tenant.contactNumber', half: true },
    { prop: 'address', label: 'tenant.address', hideInTable: true },
    { prop: 'backgroundUrl', label: 'tenant.backgroundUrl', hideInTable: true },
    {
      prop: 'accountNumber',
      label: 'tenant.accountNumber',
      type: 'number',
      half: true,
      help: 'tenant.accountNumberHelp',
      render: (value) => <QuotaCell value={value} />,
    },
    {
      prop: 'expireTime',
      label: 'tenant.expireTime',
      type: 'datetime',
      half: true,
      help: 'tenant.expireTimeHelp',
      render: (value) => <ExpiryCell value={value} />,
    },
    {
      prop: 'packageId',
      label: 'tenant.packageId',
      type: 'select',
      help: 'tenant.packageHelp',
      loadOptions: packageOptions,
      optionsKey: 'tenant-package',
      render: (_, row) => <PackageCell name={row.packageName} />,
    },
    { prop: 'status', label: 'tenant.status', type: 'status' },
  ],
};

export default function TenantPage() {
  const [created, setCreated] = useState<Tenant>();
  const [setting, setSetting] = useState<Tenant[]>([]);
  const withExtras = useMemo<CrudOption<Tenant, typeof tenantFormSchema>>(
    () => ({
      ...option,
      selectFor: ['tenant_edit'],
      toolbar: (ctx) => (
        <ActionButton
          code="tenant_edit"
          icon={<SafetyCertificateOutlined />}
          label="tenant.setting.button"
          rows={{ selected: ctx.selected, run: setSetting }}
        />
      ),
      afterSave: (saved, mode) => {
        if (mode === 'add') setCreated(saved as Tenant);
      },
    }),
    [],
  );
  return (
    <>
      <CrudPage option={withExtras} />
      <TenantCredentials tenant={created} onClose={() => setCreated(undefined)} />
      <TenantSetting tenants={setting} onClose={() => setSetting([])} />
    </>
  );
}
