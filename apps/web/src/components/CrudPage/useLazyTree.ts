import { useQueries, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { type Key, useState } from 'react';
import type { z } from 'zod';
import type { CrudOption } from './types.ts';

type TreeRow = { id?: unknown; hasChildren?: boolean; children?: unknown[] };

/**
 * Rows of a lazy tree table: the root level, plus the children of every row the user expanded, each level fetched
 * once and refreshed with the rest of the resource. A row with `hasChildren` gets an empty `children` list so the
 * table offers to expand it.
 */
export function useLazyTree<T extends object, S extends z.ZodObject>(
  option: CrudOption<T, S>,
  filters: Record<string, string | number>,
) {
  const lazy = option.lazyTree;
  const [expanded, setExpanded] = useState<Key[]>([]);
  const root = useQuery({
    queryKey: [option.biz, 'tree', '0', filters],
    queryFn: () => lazy!.children('0', filters),
    enabled: Boolean(lazy),
  });
  const levels = useQueries({
    queries: expanded.map((id) => ({
      queryKey: [option.biz, 'tree', String(id)],
      queryFn: () => lazy!.children(String(id), {}),
      enabled: Boolean(lazy),
    })),
  });
  const loaded = new Map(expanded.map((id, i) => [String(id), levels[i]?.data]));

  const attach = (row: T): T => {
    const r = row as T & TreeRow;
    if (!r.hasChildren) return { ...row, children: undefined };
    return { ...row, children: (loaded.get(String(r.id)) ?? []).map(attach) };
  };
  const rows = (root.data ?? []).map(attach);

  const expandable: TableProps<T>['expandable'] = {
    expandedRowKeys: expanded,
    onExpandedRowsChange: (keys) => setExpanded([...keys]),
  };

  /** Every row of the tree, nested ones included. */
  const flat = (list: T[]): T[] => list.flatMap((r) => [r, ...flat(((r as TreeRow).children ?? []) as T[])]);

  return {
    rows,
    flat,
    expandable,
    isFetching: root.isFetching || levels.some((l) => l.isFetching),
    isError: root.isError,
  };
}
