import type { MenuTreeRow } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMenuPages } from '../../api/system.ts';
import { menuIcon } from '../../app/icons.tsx';
import { menuLabel } from '../../app/menu.ts';
import { LoadFailed } from '../LoadFailed.tsx';
import styles from './menu-detail.module.css';

/**
 * Pages whose label (in the UI's language) or stored name contains the text, with the parents needed to reach
 * them; a matching parent keeps all its pages.
 */
export function filterMenus(nodes: MenuTreeRow[], text: string, t: TFunction): MenuTreeRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const matches = (n: MenuTreeRow) => [menuLabel(n, t), n.name].some((s) => s.toLowerCase().includes(needle));
  return nodes.flatMap((n) => {
    if (matches(n)) return [n];
    const children = filterMenus(n.children ?? [], needle, t);
    return children.length ? [{ ...n, children }] : [];
  });
}

export function toTreeData(nodes: MenuTreeRow[], t: TFunction): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: menuLabel(n, t),
    icon: menuIcon(n.source),
    children: n.children?.length ? toTreeData(n.children, t) : undefined,
  }));
}

function indexById(nodes: MenuTreeRow[], into = new Map<string, MenuTreeRow>()): Map<string, MenuTreeRow> {
  for (const n of nodes) {
    into.set(n.id, n);
    indexById(n.children ?? [], into);
  }
  return into;
}

/** The page menus the caller may hang things under, shared by the tree and the drawer's menu select. */
export const useMenuPages = () =>
  useQuery({ queryKey: ['options', 'menu-pages'], queryFn: fetchMenuPages, staleTime: 60_000 });

/** The page menus (`menu/menu-list`) as a searchable tree; clicking one picks it. */
export function MenuTree({ picked, onPick }: { picked?: string; onPick: (menu: MenuTreeRow) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const pages = useMenuPages();
  const byId = useMemo(() => indexById(pages.data ?? []), [pages.data]);
  const shown = useMemo(() => filterMenus(pages.data ?? [], search, t), [pages.data, search, t]);
  const treeData = useMemo(() => toTreeData(shown, t), [shown, t]);

  let body: ReactNode;
  if (pages.isError) {
    body = <LoadFailed retry={() => void pages.refetch()} />;
  } else if (pages.isLoading) {
    body = <Spin className={styles.treeSpin} />;
  } else if (treeData.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(search.trim() ? 'menuDetail.noMatch' : 'menuDetail.noMenus')}
      />
    );
  } else {
    body = (
      <Tree
        // A new search opens every branch that still shows.
        key={search}
        blockNode
        showIcon
        defaultExpandAll
        treeData={treeData}
        selectedKeys={picked ? [picked] : []}
        onSelect={(_, { node }) => {
          const menu = byId.get(String(node.key));
          if (menu) onPick(menu);
        }}
        className={styles.tree}
      />
    );
  }

  return (
    <div className={styles.menus} data-testid="menu-master">
      <Input.Search
        placeholder={t('menuDetail.search')}
        aria-label={t('menuDetail.search')}
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {body}
    </div>
  );
}
