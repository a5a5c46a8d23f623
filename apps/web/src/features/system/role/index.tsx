import { SafetyOutlined } from '@ant-design/icons';
import { type Role, roleFormSchema } from '@shixun/contracts';
import { useMemo, useState } from 'react';
import { roleApi } from '../../../api/system.ts';
import { ActionButton, type CrudOption, CrudPage } from '../../../components/CrudPage/index.tsx';
import { localName } from '../../../i18n/local-name.ts';
import { GrantDialog } from './GrantDialog.tsx';

/** 角色管理: a tenant's roles, and what each may see and do (权限设置). */
export default function RolePage() {
  const [grantees, setGrantees] = useState<Role[]>([]);
  // Built once: CrudPage refills its drawer whenever the option object changes.
  const option = useMemo<CrudOption<Role, typeof roleFormSchema>>(
    () => ({
      biz: 'role',
      title: 'role.title',
      rowKey: 'id',
      api: roleApi,
      formSchema: roleFormSchema,
      defaults: { sort: 1 },
      columns: [
        {
          prop: 'roleName',
          label: 'role.roleName',
          search: true,
          width: 200,
          render: (_, row) => localName(row.roleName, row.roleNameEn),
        },
        { prop: 'roleNameEn', label: 'english.name', help: 'english.help', hideInTable: true },
        { prop: 'roleAlias', label: 'role.roleAlias', search: true, width: 200 },
        {
          prop: 'parentId',
          label: 'role.parentId',
          type: 'treeSelect',
          loadOptions: roleApi.tree,
          optionsKey: 'role-tree',
          width: 200,
        },
        { prop: 'sort', label: 'role.sort', type: 'number', width: 100 },
      ],
      selectFor: ['role_grant'],
      toolbar: (ctx) => (
        <ActionButton
          code="role_grant"
          icon={<SafetyOutlined />}
          label="role.grant"
          rows={{ selected: ctx.selected, run: setGrantees }}
        />
      ),
      rowActions: (row) => [
        { code: 'role_grant', icon: <SafetyOutlined />, label: 'role.grant', onClick: () => setGrantees([row]) },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} />
      <GrantDialog roles={grantees} onClose={() => setGrantees([])} />
    </>
  );
}
