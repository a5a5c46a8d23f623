import { ApartmentOutlined } from '@ant-design/icons';
import type { TreeNode } from '@shixun/contracts';
import { Button, Card, Empty, Input, Spin, Tree } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { filterTree, treeIds } from '../app/tree.ts';
import { useOpenTree } from '../app/useOpenTree.ts';

interface Props<N extends TreeNode> {
  title: ReactNode;
  searchPlaceholder: string;
  /** Text of the link that clears the pick (shown while something is picked). */
  clearLabel: string;
  /** What an empty tree says (while loading too). */
  emptyText: string;
  nodes: N[] | undefined;
  loading: boolean;
  /** The picked node's id. */
  value?: string;
  /** The picked node, or undefined when it is picked again or cleared. */
  onChange: (node: N | undefined) => void;
  /** How a node's title is drawn (default: its title). */
  titleRender?: (node: N) => ReactNode;
}

/**
 * The one searchable tree beside a list (depts beside users, schools → grades → classes beside students): a search
 * box keeps the matching nodes with the path to them, new nodes stay open, and picking a node narrows the list.
 */
export function SearchTreeCard<N extends TreeNode>(props: Props<N>) {
  const { value, onChange } = props;
  // Children of a node are nodes of the same kind; the generic TreeNode shape is enough to filter and walk them.
  const nodes = (props.nodes ?? []) as TreeNode[];
  const [text, setText] = useState('');
  const treeData = useMemo(() => filterTree(nodes, text.trim()), [nodes, text]);
  const byId = useMemo(() => {
    const map = new Map<string, TreeNode>();
    const walk = (list: TreeNode[]) => {
      for (const n of list) {
        map.set(n.id, n);
        walk(n.children ?? []);
      }
    };
    walk(nodes);
    return map;
  }, [nodes]);
  const open = useOpenTree(useMemo(() => treeIds(nodes), [nodes]));
  return (
    <Card
      variant="borderless"
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {props.title}
        </span>
      }
      extra={
        value ? (
          <Button type="link" size="small" onClick={() => onChange(undefined)}>
            {props.clearLabel}
          </Button>
        ) : null
      }
      style={{ height: '100%' }}
    >
      <Input.Search placeholder={props.searchPlaceholder} allowClear onChange={(e) => setText(e.target.value)} />
      <Spin spinning={props.loading}>
        {treeData.length ? (
          <Tree
            style={{ marginTop: 8 }}
            blockNode
            {...open}
            treeData={treeData}
            fieldNames={{ title: 'title', key: 'key', children: 'children' }}
            titleRender={props.titleRender ? (node) => props.titleRender!(node as N) : undefined}
            selectedKeys={value ? [value] : []}
            onSelect={(keys) => onChange(keys[0] ? (byId.get(String(keys[0])) as N | undefined) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
        )}
      </Spin>
    </Card>
  );
}
