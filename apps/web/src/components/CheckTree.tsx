import type { TreeNode } from '@shixun/contracts';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { leafIds } from '../app/tree.ts';

interface Props {
  treeData: TreeNode[];
  /** What is saved: ticked ids, with the groups above them when `withParents`. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Send the half-ticked groups above the ticked nodes too (a granted button's page goes with it). */
  withParents?: boolean;
  maxHeight?: number | string;
}

/**
 * The one checkable tree of ids (menus, scopes): a parent's tick follows from its children, so only the saved
 * leaves are set, and what is sent is every ticked node plus, with `withParents`, the half-ticked groups above.
 * Read-only inside a disabled form (a view drawer).
 */
export function CheckTree({ treeData, value, onChange, withParents = false, maxHeight = '55vh' }: Props) {
  const leaves = useMemo(() => leafIds(treeData), [treeData]);
  const checkedKeys = (value ?? []).filter((id) => leaves.has(id));
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      // Every node stays in the page (a few hundred at most), so finding one never depends on scrolling.
      virtual={false}
      treeData={treeData}
      fieldNames={{ title: 'title', key: 'id', children: 'children' }}
      titleRender={(node) => <span data-key={node.id}>{node.title}</span>}
      checkedKeys={checkedKeys}
      onCheck={(checked, info) => {
        const ticked = (Array.isArray(checked) ? checked : checked.checked).map(String);
        const half = withParents ? (info.halfCheckedKeys ?? []).map(String) : [];
        onChange?.([...new Set([...ticked, ...half])]);
      }}
      style={{ maxHeight, overflow: 'auto' }}
    />
  );
}
