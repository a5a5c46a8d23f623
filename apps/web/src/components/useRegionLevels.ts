import type { TreeNode } from '@shixun/contracts';
import { useQueries } from '@tanstack/react-query';
import { regionApi } from '../api/system.ts';

/** Cache key of one level of the region tree; every region query starts with 'region', so a write refreshes all. */
export const regionLevelKey = (parentCode: string) => ['region', 'lazy-tree', parentCode] as const;

export const regionLevelQuery = (parentCode: string) => ({
  queryKey: regionLevelKey(parentCode),
  queryFn: () => regionApi.lazyTree(parentCode),
  // Regions hardly ever change; the region page refreshes them itself after a write.
  staleTime: 10 * 60_000,
});

/**
 * The children of each of `parents` (codes; "00" for the provinces), each level fetched once and shared by every
 * region tree and cascader on screen. A level not loaded yet is absent from the map.
 */
export function useRegionLevels(parents: string[]) {
  const results = useQueries({ queries: parents.map(regionLevelQuery) });
  const levels = new Map<string, TreeNode[]>();
  parents.forEach((code, i) => {
    const data = results[i]?.data;
    if (data) levels.set(code, data);
  });
  return {
    levels,
    isLoading: results.some((r) => r.isLoading),
    isError: results.some((r) => r.isError),
  };
}
