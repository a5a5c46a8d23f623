import { type ApiScope, apiScopeFormSchema } from '@shixun/contracts';
import { Typography } from 'antd';
import { apiScopeApi } from '../../api/system.ts';
import type { CrudOption } from '../../components/CrudPage/index.tsx';
import { MenuMasterDetail, MenuSelect } from '../../components/MenuMasterDetail/index.tsx';

/** 接口权限: which roles may call an API route, rules kept under the page they belong to. */
const option: CrudOption<ApiScope, typeof apiScopeFormSchema> = {
  biz: 'api_scope',
  title: 'apiScope.title',
  rowKey: 'id',
  api: apiScopeApi,
  formSchema: apiScopeFormSchema,
  defaults: { status: 1, scopeType: 1 },
  columns: [
    { prop: 'scopeName', label: 'apiScope.scopeName', search: true, width: 160, ellipsis: true },
    {
      prop: 'menuId',
      label: 'apiScope.menuId',
      hideInTable: true,
      control: <MenuSelect label="apiScope.menuId" />,
    },
    {
      prop: 'resourceCode',
      label: 'apiScope.resourceCode',
      // The path says more in the list; the code is in the drawer.
      hideInTable: true,
      help: 'apiScope.resourceHelp',
    },
    {
      prop: 'scopePath',
      label: 'apiScope.scopePath',
      search: true,
      width: 260,
      help: 'apiScope.scopePathHelp',
      render: (path) => <Typography.Text code>{String(path)}</Typography.Text>,
    },
    {
      prop: 'scopeType',
      label: 'apiScope.scopeType',
      type: 'select',
      dict: { code: 'api_scope_type', numeric: true },
      width: 100,
      half: true,
    },
    { prop: 'status', label: 'apiScope.status', type: 'status', width: 80, half: true },
    { prop: 'remark', label: 'apiScope.remark', type: 'textarea', hideInTable: true },
  ],
};

export default function ApiScopePage() {
  return <MenuMasterDetail option={option} intro="apiScope.intro" hint="apiScope.pick" heading="apiScope.heading" />;
}
