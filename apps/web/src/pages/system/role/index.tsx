import { SafetyOutlined } from '@ant-design/icons';
import { type Role, roleFormSchema } from '@shixun/contracts';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi } from '../../../api/system.ts';
import { type CrudOption, CrudPage } from '../../../components/CrudPage/index.tsx';
import { useAuth } from '../../../stores/auth.ts';
import { GrantDialog } from './GrantDialog.tsx';

type Grantee = { id: string; roleName: string };

function GrantButton({ roles, onOpen, link }: { roles: Role[]; onOpen: (r: Grantee[]) => void; link?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useAuth((s) => Boolean(s.permission.role_grant));
  if (!allowed) return null;
  return (
    <Button
      type={link ? 'link' : 'default'}
      size={link ? 'small' : undefined}
      icon={<SafetyOutlined />}
      onClick={() => (roles.length ? onOpen(roles) : void message.warning(t('role.grantSelect')))}
    >
      {t('role.grant')}
    </Button>
  );
}

/** 角色管理: a tenant's roles, and what each may see and do (权限设置). */
export default function RolePage() {
  const [grantees, setGrantees] = useState<Grantee[]>([]);
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
        { prop: 'roleName', label: 'role.roleName', search: true, width: 200 },
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
      toolbar: (ctx) => <GrantButton roles={ctx.selected} onOpen={setGrantees} />,
      rowActions: (row) => <GrantButton roles={[row]} onOpen={setGrantees} link />,
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
