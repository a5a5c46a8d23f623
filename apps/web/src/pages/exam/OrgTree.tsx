import { ApartmentOutlined } from '@ant-design/icons';
import type { OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clazzApi } from '../../api/exam.ts';
import { filterTree } from '../../app/tree.ts';
import { useOpenTree } from '../../app/useOpenTree.ts';

/** Every node of the tree by id. */
export function nodesById(nodes: OrgNode[], into = new Map<string, OrgNode>()): Map<string, OrgNode> {
  for (const n of nodes) {
    into.set(n.id, n);
    nodesById(n.children ?? [], into);
  }
  return into;
}

/** The query key of the tree, shared with every page that shows or changes grades and classes. */
export const ORG_TREE_KEY = ['clazz', 'org-tree'];

/**
 * Schools → grades → classes as the signed-in user may see them (a teacher: their classes only). Picking a node
 * narrows the page beside it; picking it again, or 全部, shows everything.
 */
export function OrgTree({ value, onChange }: { value?: OrgNode; onChange: (node: OrgNode | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { data, isLoading } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const treeData = useMemo(() => filterTree(data ?? [], text.trim()), [data, text]);
  const byId = useMemo(() => nodesById(data ?? []), [data]);
  const open = useOpenTree(byId.keys());
  return (
    <Card
      variant="borderless"
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('exam.org.title')}
        </span>
      }
      extra={
        value ? (
          <Button type="link" size="small" onClick={() => onChange(undefined)}>
            {t('exam.org.all')}
          </Button>
        ) : null
      }
      style={{ height: '100%' }}
    >
      <Input.Search placeholder={t('exam.org.search')} allowClear onChange={(e) => setText(e.target.value)} />
      <Spin spinning={isLoading}>
        {treeData.length ? (
          <Tree
            style={{ marginTop: 8 }}
            blockNode
            {...open}
            treeData={treeData}
            fieldNames={{ title: 'title', key: 'key', children: 'children' }}
            titleRender={(node) => (
              <span data-org={node.type} data-key={node.id}>
                {node.title}
              </span>
            )}
            selectedKeys={value ? [value.id] : []}
            onSelect={(keys) => onChange(keys[0] ? byId.get(String(keys[0])) : undefined)}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(isLoading ? 'exam.org.loading' : 'exam.org.empty')}
          />
        )}
      </Spin>
    </Card>
  );
}
