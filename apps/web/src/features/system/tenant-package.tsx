import { type TenantPackage, tenantPackageFormSchema } from '@shixun/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenantPackageApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { PackageMenus } from '../../components/tenant/PackageMenus.tsx';

function MenuCount({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  return <Tag>{t('tenantPackage.menuCount', { count: ids.length })}</Tag>;
}

/** 租户产品包 (platform administrator only): named sets of menus; a tenant on a package uses only what it holds. */
const option: CrudOption<TenantPackage, typeof tenantPackageFormSchema> = {
  biz: 'tenant_package',
  title: 'tenantPackage.title',
  rowKey: 'id',
  api: tenantPackageApi,
  formSchema: tenantPackageFormSchema,
  defaults: { menuIds: [], status: 1 },
  columns: [
    { prop: 'packageName', label: 'tenantPackage.packageName', search: true },
    {
      prop: 'menuIds',
      label: 'tenantPackage.menuIds',
      help: 'tenantPackage.menuHelp',
      control: <PackageMenus />,
      render: (value) => <MenuCount ids={(value as string[] | undefined) ?? []} />,
    },
    { prop: 'remark', label: 'tenantPackage.remark', type: 'textarea' },
    { prop: 'status', label: 'tenantPackage.status', type: 'status' },
  ],
};

export default function TenantPackagePage() {
  return <CrudPage option={option} />;
}
