import type { TopMenu } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuApi, topMenuApi } from '../../api/system.ts';
import { CheckTree } from '../CheckTree.tsx';

/**
 * 菜单配置: which pages the chosen top menus group (`topmenu/grant`). The tree offers what `menu/grant-top-tree`
 * allows the caller; what is saved is every ticked page plus the groups above them (half-ticked).
 */
export function TopMenuGrant({ topMenus, onClose }: { topMenus: TopMenu[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // While the dialog fades out after closing, keep showing whom it was for.
  const last = useRef(topMenus);
  if (topMenus.length) last.current = topMenus;
  const shown = last.current;
  const open = topMenus.length > 0;
  const ids = topMenus.map((m) => m.id);
  // What the user ticked; until they touch the tree, it shows what is saved.
  const [ticked, setTicked] = useState<string[]>();

  const tree = useQuery({ queryKey: ['topmenu', 'grant-tree'], queryFn: menuApi.grantTopTree, enabled: open });
  const saved = useQuery({
    queryKey: ['topmenu', 'grant-keys', ids],
    queryFn: () => menuApi.topTreeKeys(ids),
    enabled: open,
    gcTime: 0,
  });
  const nodes = tree.data?.menu ?? [];

  const save = useMutation({
    mutationFn: () =>
      topMenuApi.grant({
        topMenuIds: ids,
        menuIds: ticked ?? saved.data?.menu ?? [],
      }),
    onSuccess: () => {
      void message.success(t('topmenu.granted'));
      void queryClient.invalidateQueries({ queryKey: ['topmenu'] });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('topmenu.grantTitle', { names: shown.map((m) => m.name).join('、') })}
      onCancel={onClose}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !tree.data || !saved.data }}
      confirmLoading={save.isPending}
      afterClose={() => setTicked(undefined)}
      destroyOnHidden
      width={520}
    >
      <Alert type="info" showIcon title={t('topmenu.grantHint')} style={{ marginBottom: 12 }} />
      <Spin spinning={tree.isFetching || saved.isFetching}>
        {nodes.length ? (
          <CheckTree treeData={nodes} value={ticked ?? saved.data?.menu} onChange={setTicked} withParents />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topmenu.grantEmpty')} />
        )}
      </Spin>
    </Modal>
  );
}
