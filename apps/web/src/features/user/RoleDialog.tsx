import type { User } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Spin, Tree } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user.ts';
import { userRoleTree } from './roles.ts';

/** 角色配置: give the chosen users exactly the ticked roles; a teaching role they hold stays ticked, greyed. */
export function RoleDialog({ users, onClose }: { users: User[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['options', 'user-role-tree'], queryFn: userRoleTree, enabled: users.length > 0 });
  const [checked, setChecked] = useState<Key[]>([]);
  useEffect(() => {
    // One user: start from their roles; several: start empty, since their roles differ.
    setChecked(users.length === 1 ? users[0]!.roleIds : []);
  }, [users]);
  const save = useMutation({
    mutationFn: () =>
      userApi.grant(
        users.map((u) => u.id),
        checked.map(String),
      ),
    onSuccess: () => {
      void message.success(t('user.roleSaved'));
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      onClose();
    },
  });
  return (
    <Modal
      open={users.length > 0}
      title={t('user.roleTitle', { count: users.length })}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, disabled: checked.length === 0 }}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('user.roleHint')}
        description={t('user.teachingRoles')}
        style={{ marginBottom: 12 }}
      />
      <Spin spinning={roles.isLoading}>
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          treeData={roles.data ?? []}
          fieldNames={{ title: 'title', key: 'key', children: 'children' }}
          checkedKeys={checked}
          onCheck={(value) => setChecked(Array.isArray(value) ? value : value.checked)}
        />
      </Spin>
    </Modal>
  );
}
