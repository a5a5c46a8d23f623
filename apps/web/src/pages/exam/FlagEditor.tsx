import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { FlagKind, FlagNode } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Row, Space, Spin, Tooltip, Tree, type TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flagApi } from '../../api/exam.ts';
import { useCrudPermissions } from '../../app/permission.ts';
import { filterTree } from '../../app/tree.ts';
import { useOpenTree } from '../../app/useOpenTree.ts';
import { type FlagEditing, FlagForm } from './FlagForm.tsx';

/** Every node by id, and each node's siblings in order. */
function index(nodes: FlagNode[]) {
  const byId = new Map<string, FlagNode>();
  const siblings = new Map<string, FlagNode[]>();
  const walk = (list: FlagNode[], parentId: string) => {
    siblings.set(parentId, list);
    for (const n of list) {
      byId.set(n.id, n);
      walk(n.children ?? [], n.id);
    }
  };
  walk(nodes, '0');
  return { byId, siblings };
}

/**
 * One classification tree: pick a node to edit it on the right; add a root or a child, move it up or down (or drag
 * it anywhere in the tree), copy it with its children, delete it after confirming. The server refuses removing a
 * node that has children or is in use, and says where.
 */
export function FlagEditor({ kind }: { kind: FlagKind }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCrudPermissions('flag');
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<string>();
  // What the form beside the tree does; editing always shows the picked node as last loaded.
  const [mode, setMode] = useState<{ mode: 'edit' } | { mode: 'add'; parent?: FlagNode } | null>(null);
  const tree = useQuery({ queryKey: ['flag', 'tree', kind], queryFn: () => flagApi.tree(kind) });
  const { byId, siblings } = useMemo(() => index(tree.data ?? []), [tree.data]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const editing = useMemo<FlagEditing | null>(
    () => (mode?.mode === 'edit' ? (selected ? { mode: 'edit', node: selected } : null) : mode),
    [mode, selected],
  );
  const open = useOpenTree(byId.keys());
  const shown = useMemo(() => filterTree(tree.data ?? [], text.trim()), [tree.data, text]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['flag'] });

  const run = useMutation({
    mutationFn: (job: () => Promise<unknown>) => job(),
    onSuccess: () => {
      void message.success(t('exam.done'));
      refresh();
    },
  });

  const pick = (id: string | undefined) => {
    setSelectedId(id);
    setMode(id ? { mode: 'edit' } : null);
  };

  const position = selected ? (siblings.get(selected.parentId) ?? []).findIndex((n) => n.id === selected.id) : -1;
  const siblingCount = selected ? (siblings.get(selected.parentId)?.length ?? 0) : 0;
  const move = (step: number) =>
    run.mutate(() => flagApi.move({ id: selected!.id, parentId: selected!.parentId, index: position + step }));

  const remove = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('exam.flag.deleteConfirm', { name: selected!.title }),
      okButtonProps: { danger: true },
      onOk: () =>
        flagApi
          .remove([selected!.id])
          .then(() => {
            void message.success(t('crud.deleted'));
            pick(undefined);
            refresh();
          })
          .catch(() => undefined),
    });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(String(info.dragNode.key));
    const target = byId.get(String(info.node.key));
    if (!dragged || !target) return;
    if (!info.dropToGap) {
      run.mutate(() => flagApi.move({ id: dragged.id, parentId: target.id, index: 0 }));
      return;
    }
    const others = (siblings.get(target.parentId) ?? []).filter((n) => n.id !== dragged.id);
    const at = others.findIndex((n) => n.id === target.id);
    const before = info.dropPosition < Number(String(info.node.pos).split('-').pop());
    run.mutate(() => flagApi.move({ id: dragged.id, parentId: target.parentId, index: before ? at : at + 1 }));
  };

  const action = (label: string, icon: ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={t(label)}>
      <Button icon={icon} aria-label={t(label)} disabled={disabled} danger={danger} onClick={onClick} />
    </Tooltip>
  );

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'stretch' }}>
      <Col flex="420px">
        <Card variant="borderless" style={{ height: '100%' }}>
          <Space wrap style={{ marginBottom: 12 }}>
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ mode: 'add' })}>
                {t('exam.flag.addRoot')}
              </Button>
            )}
            {can.add &&
              action(
                'exam.flag.addChild',
                <SubnodeOutlined />,
                () => setMode({ mode: 'add', parent: selected }),
                !selected,
              )}
            {can.edit && action('exam.flag.up', <ArrowUpOutlined />, () => move(-1), !selected || position <= 0)}
            {can.edit &&
              action('exam.flag.down', <ArrowDownOutlined />, () => move(1), !selected || position >= siblingCount - 1)}
            {can.add &&
              action(
                'exam.flag.copy',
                <CopyOutlined />,
                () => run.mutate(() => flagApi.copy(selected!.id, selected!.parentId, true)),
                !selected,
              )}
            {can.delete && action('crud.delete', <DeleteOutlined />, remove, !selected, true)}
          </Space>
          <Input.Search placeholder={t('exam.flag.search')} allowClear onChange={(e) => setText(e.target.value)} />
          <Spin spinning={tree.isFetching || run.isPending}>
            {shown.length ? (
              <Tree
                style={{ marginTop: 8 }}
                blockNode
                {...open}
                draggable={can.edit && !text ? { icon: false } : false}
                treeData={shown as unknown as TreeProps['treeData']}
                fieldNames={{ title: 'title', key: 'id', children: 'children' }}
                titleRender={(data) => {
                  const node = data as unknown as FlagNode;
                  return (
                    <span
                      data-flag={node.id}
                      style={node.status === 0 ? { color: 'var(--ant-color-text-tertiary)' } : undefined}
                    >
                      {node.title}
                      {node.code ? (
                        <span style={{ color: 'var(--ant-color-text-tertiary)', marginLeft: 6 }}>{node.code}</span>
                      ) : null}
                    </span>
                  );
                }}
                selectedKeys={selectedId ? [selectedId] : []}
                // Clicking the picked node again keeps it picked (antd would unselect it).
                onSelect={(_keys, info) => pick(String(info.node.key))}
                onDrop={onDrop}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(tree.isLoading ? 'exam.org.loading' : 'exam.flag.empty')}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <FlagForm
          kind={kind}
          editing={editing}
          canSave={editing?.mode === 'add' ? can.add : can.edit}
          onSaved={(saved) => pick(saved.id)}
        />
      </Col>
    </Row>
  );
}
