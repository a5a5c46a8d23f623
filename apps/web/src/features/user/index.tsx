import { CloudUploadOutlined, DownloadOutlined, KeyOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { USER_STATUS_PENDING, type User, userEditorSchema } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, fetchPostOptions } from '../../api/system.ts';
import { userApi } from '../../api/user.ts';
import { hashTypedPassword, newPasswordColumn } from '../../components/CrudPage/account-fields.ts';
import { ActionButton, type CrudContext, type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { usePasswordReset } from '../../components/usePasswordReset.tsx';
import { localName } from '../../i18n/local-name.ts';
import { DeptTree } from './DeptTree.tsx';
import { PlatformDialog } from './PlatformDialog.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { userRoleTree } from './roles.ts';

/** A row of the table, and the add form's plain password. */
type UserRow = User & { password?: string };

function StatusCell({ row }: { row: User }) {
  const { t } = useTranslation();
  if (row.status === 1) return <Tag color="green">{t('crud.enabled')}</Tag>;
  return row.roleIds.length ? (
    <Tag color="red">{t('crud.disabled')}</Tag>
  ) : (
    <Tag color="orange">{t('user.pending')}</Tag>
  );
}

interface Actions {
  role: (users: User[]) => void;
  reset: (users: User[]) => void;
  import: () => void;
  export: (filters: Record<string, string | number>) => void;
  platform: (user: User) => void;
}

function Toolbar({ ctx, on }: { ctx: CrudContext<UserRow>; on: Actions }) {
  return (
    <>
      <ActionButton
        code="user_role"
        icon={<TeamOutlined />}
        label="user.role"
        rows={{ selected: ctx.selected, run: on.role }}
      />
      <ActionButton
        code="user_reset"
        icon={<KeyOutlined />}
        label="user.reset"
        rows={{ selected: ctx.selected, run: on.reset }}
      />
      <ActionButton code="user_import" icon={<CloudUploadOutlined />} label="user.import" onClick={on.import} />
      <ActionButton
        code="user_export"
        icon={<DownloadOutlined />}
        label="user.export"
        onClick={() => on.export(ctx.filters)}
      />
    </>
  );
}

/** 用户管理: a tenant's accounts by dept, with roles, passwords, platforms and Excel import/export. */
export default function UserPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deptId, setDeptId] = useState<string>();
  const [roleUsers, setRoleUsers] = useState<User[]>([]);
  const [platformUser, setPlatformUser] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const [covered, setCovered] = useState(false);
  const { confirmReset, passwords } = usePasswordReset(userApi.resetPassword, {
    title: 'user.reset',
    confirm: 'user.resetConfirm',
    done: 'user.resetTitle',
  });

  const option = useMemo<CrudOption<UserRow, typeof userEditorSchema>>(() => {
    const on: Actions = {
      role: setRoleUsers,
      platform: setPlatformUser,
      import: () => setImporting(true),
      export: (filters) => void userApi.exportUsers(filters).catch(() => undefined),
      reset: confirmReset,
    };
    return {
      biz: 'user',
      title: 'user.title',
      rowKey: 'id',
      api: userApi,
      formSchema: userEditorSchema,
      defaults: { status: 1, sex: 0 },
      beforeSubmit: hashTypedPassword,
      columns: [
        // Narrow enough that the list keeps every column in view at 1366 px beside the dept tree.
        { prop: 'account', label: 'user.account', search: true, width: 110, ellipsis: true, half: true },
        newPasswordColumn('user.password', t),
        // The real name says who it is; the nickname is in the view drawer.
        { prop: 'name', label: 'user.name', hideInTable: true, half: true },
        { prop: 'realName', label: 'user.realName', search: true, width: 90, ellipsis: true, half: true },
        { prop: 'phone', label: 'user.phone', search: true, width: 104, half: true },
        { prop: 'email', label: 'user.email', hideInTable: true, half: true },
        {
          prop: 'sex',
          label: 'user.sex',
          type: 'select',
          dict: { code: 'sex', numeric: true },
          hideInTable: true,
          half: true,
        },
        { prop: 'birthday', label: 'user.birthday', type: 'date', hideInTable: true, half: true },
        {
          prop: 'deptId',
          label: 'user.deptId',
          type: 'treeSelect',
          loadOptions: deptApi.tree,
          optionsKey: 'dept-tree',
          hideInTable: true,
          half: true,
        },
        { prop: 'deptName', label: 'user.deptName', hideInForm: true, width: 100, ellipsis: true },
        {
          prop: 'postId',
          label: 'user.postId',
          type: 'select',
          loadOptions: fetchPostOptions,
          optionsKey: 'post-select',
          hideInTable: true,
          half: true,
        },
        {
          prop: 'roleIds',
          label: 'user.roleIds',
          type: 'treeSelect',
          multiple: true,
          loadOptions: userRoleTree,
          optionsKey: 'user-role-tree',
          help: 'user.teachingRoles',
          hideInTable: true,
        },
        {
          prop: 'roleName',
          label: 'user.roleName',
          hideInForm: true,
          width: 100,
          ellipsis: true,
          render: (_, row) => {
            const names = localName(row.roleName, row.roleNameEn);
            return (
              <Tooltip title={names} placement="topLeft">
                {names}
              </Tooltip>
            );
          },
        },
        {
          prop: 'status',
          label: 'user.status',
          type: 'status',
          search: true,
          width: 90,
          half: true,
          searchOptions: [{ label: 'user.pending', value: USER_STATUS_PENDING }],
          render: (_, row) => <StatusCell row={row} />,
        },
        { prop: 'code', label: 'user.code', hideInTable: true, half: true },
      ],
      selectFor: ['user_role', 'user_reset'],
      toolbar: (ctx) => <Toolbar ctx={ctx} on={on} />,
      rowActions: (row) => [
        { code: 'user_platform', icon: <SettingOutlined />, label: 'user.platform', onClick: () => on.platform(row) },
      ],
    };
  }, [confirmReset, t]);

  return (
    <>
      <CrudPage
        option={option}
        query={deptId ? { deptId } : undefined}
        defaults={deptId ? { deptId } : undefined}
        side={<DeptTree value={deptId} onChange={setDeptId} />}
      />
      <RoleDialog users={roleUsers} onClose={() => setRoleUsers([])} />
      <PlatformDialog user={platformUser} onClose={() => setPlatformUser(null)} />
      <ImportDialog
        open={importing}
        title={t('user.importTitle')}
        templateHint={t('user.importStep1')}
        downloadTemplate={userApi.downloadTemplate}
        run={(file) => userApi.importUsers(file, covered)}
        fieldLabel={(f) => t(`user.${f}`, { defaultValue: f })}
        options={
          <Checkbox checked={covered} onChange={(e) => setCovered(e.target.checked)}>
            {t('user.covered')}
          </Checkbox>
        }
        onClose={() => {
          setImporting(false);
          setCovered(false);
        }}
        onImported={() => {
          void queryClient.invalidateQueries({ queryKey: ['user'] });
        }}
      />
      {passwords}
    </>
  );
}
