import type { OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clazzApi } from '../../api/exam.ts';
import { SearchTreeCard } from '../../components/SearchTreeCard.tsx';

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
  const { data, isLoading } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  return (
    <SearchTreeCard
      title={t('academic.org.title')}
      searchPlaceholder={t('academic.org.search')}
      clearLabel={t('academic.org.all')}
      emptyText={t(isLoading ? 'academic.org.loading' : 'academic.org.empty')}
      nodes={data}
      loading={isLoading}
      value={value?.id}
      onChange={onChange}
      titleRender={(node) => (
        <span data-org={node.type} data-key={node.id}>
          {node.title}
        </span>
      )}
    />
  );
}
