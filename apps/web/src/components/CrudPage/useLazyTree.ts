import { useQueries, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { type Key, useState } from 'react';
import type { z } from 'zod';
import type { CrudOption } from './types.ts';

type TreeRow = { id?: unknown; hasChildren?: boolean; children?: unknown[] };
type Filters = Record<string, string | number>;

/** Every row of a tree, nested ones included. */
const flatten = <T>(list: T[]): T[] => list.flatMap((r) => [r, ...flatten(((r as TreeRow).children ?? []) as T[])]);

/** Search results as the table shows them: an empty `children` would offer to expand a row with nothing below. */
function settle<T>(row: T): T {
  const children = ((row as TreeRow).children ?? []) as T[];
  return { ...row, children: children.length ? children.map(settle) : undefined };
}

/**
 * Rows of a lazy tree table: the root level, plus the children of every row the user expanded, each level fetched
 * once and refreshed with the rest of the resource. A row with `hasChildren` gets an empty `children` list so the
 * table offers to expand it. While the user searches (`searched` is not empty) and the option has
 * `lazyTree.search`, the rows are its nested matches instead, opened all the way down.
 */
export function useLazyTree<T extends object, S extends z.ZodObject>(
  option: CrudOption<T, S>,
  filters: Filters,
  searched: Filters,
) {
  const lazy = option.lazyTree;
  const searching = Boolean(lazy?.search) && Object.keys(searched).length > 0;
  const [expanded, setExpanded] = useState<Key[]>([]);
  // What the user closed in one set of search results; a new search opens everything again.
  const searchKey = JSON.stringify(filters);
  const [closed, setClosed] = useState<{ search: string; open: Key[] }>();

  const root = useQuery({
    queryKey: [option.biz, 'tree', '0', filters],
    queryFn: () => lazy!.children('0', filters),
    enabled: Boolean(lazy) && !searching,
  });
  const levels = useQueries({
    queries: expanded.map((id) => ({
      queryKey: [option.biz, 'tree', String(id)],
      queryFn: () => lazy!.children(String(id), {}),
      enabled: Boolean(lazy) && !searching,
    })),
  });
  const found = useQuery({
    queryKey: [option.biz, 'tree', 'search', filters],
    queryFn: () => lazy!.search!(filters),
    enabled: searching,
  });
  const loaded = new Map(expanded.map((id, i) => [String(id), levels[i]?.data]));

  const attach = (row: T): T => {
    const r = row as T & TreeRow;
    if (!r.hasChildren) return { ...row, children: undefined };
    return { ...row, children: (loaded.get(String(r.id)) ?? []).map(attach) };
  };
  const keyOf = (row: T) => String(row[option.rowKey]);

  if (searching) {
    const rows = (found.data ?? []).map(settle);
    const parents = flatten(rows)
      .filter((r) => (r as TreeRow).children)
      .map(keyOf);
    const expandable: TableProps<T>['expandable'] = {
      expandedRowKeys: closed?.search === searchKey ? closed.open : parents,
      onExpandedRowsChange: (keys) => setClosed({ search: searchKey, open: [...keys] }),
    };
    return { rows, flat: flatten<T>, expandable, isFetching: found.isFetching, isError: found.isError };
  }

  const expandable: TableProps<T>['expandable'] = {
    expandedRowKeys: expanded,
    onExpandedRowsChange: (keys) => setExpanded([...keys]),
  };
  return {
    rows: (root.data ?? []).map(attach),
    flat: flatten<T>,
    expandable,
    isFetching: root.isFetching || levels.some((l) => l.isFetching),
    isError: root.isError,
  };
}
