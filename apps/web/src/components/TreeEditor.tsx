import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { TreeNode } from '@shixun/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Row, Space, Spin, Tooltip, Tree, type TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree } from '../app/tree.ts';
import { useOpenTree } from '../app/useOpenTree.ts';

/** What the form beside the tree does: edit the picked node, or add a root (no parent) or a child. */
export type TreeEditing<N> = { mode: 'edit'; node: N } | { mode: 'add'; parent?: N };

export interface TreeEditorProps<N extends TreeNode> {
  /** The tree's query; everything under `invalidate` (default: the same key) is refetched after a change. */
  queryKey: QueryKey;
  invalidate?: QueryKey;
  load: () => Promise<N[]>;
  can: { add: boolean; edit: boolean; delete: boolean };
  /** The factory's tree calls (core/crud/tree-routes.ts): move (drag, up, down), copy with children, remove. */
  move: (to: { id: string; parentId: string; index: number }) => Promise<unknown>;
  copy?: (node: N) => Promise<unknown>;
  remove: (ids: string[]) => Promise<unknown>;
  /** Catalog keys of the buttons, the search box, the empty tree and the delete confirmation (`{{name}}`). */
  labels: {
    addRoot: string;
    addChild: string;
    up: string;
    down: string;
    copy: string;
    search: string;
    empty: string;
    deleteConfirm: string;
  };
  titleRender?: (node: N) => ReactNode;
  /** The form beside the tree; `onSaved` picks the saved node. */
  form: (editing: TreeEditing<N> | null, onSaved: (node: { id: string }) => void) => ReactNode;
}

/** Every node by id, and each node's siblings in order. */
function index<N extends TreeNode>(nodes: N[]) {
  const byId = new Map<string, N>();
  const siblings = new Map<string, N[]>();
  const walk = (list: N[], parentId: string) => {
    siblings.set(parentId, list);
    for (const n of list) {
      byId.set(n.id, n);
      walk((n.children ?? []) as N[], n.id);
    }
  };
  walk(nodes, '0');
  return { byId, siblings };
}

/**
 * The one tree editor (classification trees; paper sections and course topics use it too): pick a node to edit it
 * on the right; add a root or a child, move it up or down (or drag it anywhere in the tree), copy it with its
 * children, delete it after confirming. The server refuses removing a node that has children or is in use, and says
 * where.
 */
export function TreeEditor<N extends TreeNode>(props: TreeEditorProps<N>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { can, labels } = props;
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<string>();
  // Editing always shows the picked node as last loaded.
  const [mode, setMode] = useState<{ mode: 'edit' } | { mode: 'add'; parent?: N } | null>(null);
  const tree = useQuery({ queryKey: props.queryKey, queryFn: props.load });
  const { byId, siblings } = useMemo(() => index(tree.data ?? []), [tree.data]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const editing = useMemo<TreeEditing<N> | null>(
    () => (mode?.mode === 'edit' ? (selected ? { mode: 'edit', node: selected } : null) : mode),
    [mode, selected],
  );
  const open = useOpenTree(byId.keys());
  const shown = useMemo(() => filterTree((tree.data ?? []) as TreeNode[], text.trim()), [tree.data, text]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: props.invalidate ?? props.queryKey });

  const run = useMutation({
    mutationFn: (job: () => Promise<unknown>) => job(),
    onSuccess: () => {
      void message.success(t('academic.done'));
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
    run.mutate(() => props.move({ id: selected!.id, parentId: selected!.parentId, index: position + step }));

  const remove = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t(labels.deleteConfirm, { name: selected!.title }),
      okButtonProps: { danger: true },
      onOk: () =>
        props
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
      run.mutate(() => props.move({ id: dragged.id, parentId: target.id, index: 0 }));
      return;
    }
    const others = (siblings.get(target.parentId) ?? []).filter((n) => n.id !== dragged.id);
    const at = others.findIndex((n) => n.id === target.id);
    const before = info.dropPosition < Number(String(info.node.pos).split('-').pop());
    run.mutate(() => props.move({ id: dragged.id, parentId: target.parentId, index: before ? at : at + 1 }));
  };

  const action = (label: string, icon: ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={t(label)}>
      <Button icon={icon} aria-label={t(label)} disabled={disabled} danger={danger} onClick={onClick} />
    </Tooltip>
  );
  const copy = props.copy;

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'stretch' }}>
      <Col flex="420px">
        <Card variant="borderless" style={{ height: '100%' }}>
          <Space wrap style={{ marginBottom: 12 }}>
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ mode: 'add' })}>
                {t(labels.addRoot)}
              </Button>
            )}
            {can.add &&
              action(labels.addChild, <SubnodeOutlined />, () => setMode({ mode: 'add', parent: selected }), !selected)}
            {can.edit && action(labels.up, <ArrowUpOutlined />, () => move(-1), !selected || position <= 0)}
            {can.edit &&
              action(labels.down, <ArrowDownOutlined />, () => move(1), !selected || position >= siblingCount - 1)}
            {can.add &&
              copy &&
              action(labels.copy, <CopyOutlined />, () => run.mutate(() => copy(selected!)), !selected)}
            {can.delete && action('crud.delete', <DeleteOutlined />, remove, !selected, true)}
          </Space>
          <Input.Search placeholder={t(labels.search)} allowClear onChange={(e) => setText(e.target.value)} />
          <Spin spinning={tree.isFetching || run.isPending}>
            {shown.length ? (
              <Tree
                style={{ marginTop: 8 }}
                blockNode
                {...open}
                draggable={can.edit && !text ? { icon: false } : false}
                treeData={shown as unknown as TreeProps['treeData']}
                fieldNames={{ title: 'title', key: 'id', children: 'children' }}
                titleRender={(data) => props.titleRender?.(data as unknown as N) ?? (data as unknown as N).title}
                selectedKeys={selectedId ? [selectedId] : []}
                // Clicking the picked node again keeps it picked (antd would unselect it).
                onSelect={(_keys, info) => pick(String(info.node.key))}
                onDrop={onDrop}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(tree.isLoading ? 'academic.org.loading' : labels.empty)}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {props.form(editing, (saved) => pick(saved.id))}
      </Col>
    </Row>
  );
}
