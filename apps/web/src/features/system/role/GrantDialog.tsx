import type { Role } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi } from '../../../api/system.ts';
import { leafIds } from '../../../app/tree.ts';
import { CheckTree } from '../../../components/CheckTree.tsx';
import { localName } from '../../../i18n/local-name.ts';

type Kind = 'menu' | 'dataScope' | 'apiScope';
type Checked = Record<Kind, string[]>;

interface Props {
  roles: Pick<Role, 'id' | 'roleName' | 'roleNameEn'>[];
  onClose: () => void;
}

/**
 * 权限设置: menus and buttons, data scopes and API scopes of one or more roles, as three checkable trees. The trees
 * hold only what the caller may grant; the server checks again.
 */
export function GrantDialog({ roles, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roleIds = roles.map((r) => r.id);
  const open = roles.length > 0;
  const trees = useQuery({ queryKey: ['role', 'grant-tree'], queryFn: roleApi.grantTree, enabled: open });
  const keys = useQuery({
    queryKey: ['role', 'grant-keys', roleIds],
    queryFn: () => roleApi.grantedKeys(roleIds),
    enabled: open,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<Checked>({ menu: [], dataScope: [], apiScope: [] });

  useEffect(() => {
    if (keys.data) setChecked(keys.data);
  }, [keys.data]);

  const save = useMutation({
    mutationFn: () => {
      const data = trees.data!;
      // Scope trees hang scopes under pages: only the scopes themselves are granted.
      const only = (kind: Kind) => {
        const leaves = leafIds(data[kind]);
        return checked[kind].filter((id) => leaves.has(id));
      };
      return roleApi.grant({
        roleIds,
        // Half-ticked menus go too (CheckTree withParents), so a granted button's page is granted with it.
        menuIds: checked.menu,
        dataScopeIds: only('dataScope'),
        apiScopeIds: only('apiScope'),
      });
    },
    onSuccess: () => {
      void message.success(t('role.grantSaved'));
      void queryClient.invalidateQueries({ queryKey: ['role', 'grant-keys'] });
      onClose();
    },
  });

  const tree = (kind: Kind, emptyText?: string) => {
    // Mounted once the data is there, so every branch starts expanded.
    if (!trees.data) return <div style={{ minHeight: 120 }} />;
    const data = trees.data[kind];
    if (!data.length && emptyText) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
    return (
      <CheckTree
        treeData={data}
        value={checked[kind]}
        onChange={(ids) => setChecked((c) => ({ ...c, [kind]: ids }))}
        withParents={kind === 'menu'}
        maxHeight={420}
      />
    );
  };

  return (
    <Modal
      open={open}
      title={t('role.grantTitle', { names: roles.map((r) => localName(r.roleName, r.roleNameEn)).join('、') })}
      width={640}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, disabled: !trees.data || !keys.data }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('role.grantHint')} style={{ marginBottom: 12 }} />
      <Spin spinning={trees.isFetching || keys.isFetching}>
        <Tabs
          items={[
            { key: 'menu', label: t('role.grantMenu'), children: tree('menu') },
            { key: 'dataScope', label: t('role.grantData'), children: tree('dataScope', t('role.grantNoneData')) },
            { key: 'apiScope', label: t('role.grantApi'), children: tree('apiScope', t('role.grantNoneApi')) },
          ]}
        />
      </Spin>
    </Modal>
  );
}
