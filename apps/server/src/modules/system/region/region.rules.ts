import { REGION_CODE_LENGTHS, REGION_MAX_LEVEL, REGION_ROOT } from '@shixun/contracts';
import type { region } from '../../../db/schema/index.ts';

type RegionRow = typeof region.$inferSelect;

/** Where a region sits: what a child copies from it. */
export type RegionPlace = Pick<
  RegionRow,
  | 'code'
  | 'ancestors'
  | 'regionLevel'
  | 'provinceCode'
  | 'provinceName'
  | 'cityCode'
  | 'cityName'
  | 'districtCode'
  | 'districtName'
  | 'townCode'
  | 'townName'
  | 'villageCode'
  | 'villageName'
>;

/** The code and name columns of each level (index 0 = level 1). */
export const LEVEL_COLUMNS = [
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['districtCode', 'districtName'],
  ['townCode', 'townName'],
  ['villageCode', 'villageName'],
] as const;

/** Why `code` cannot be a child of `parent` (null = a province), or null when it can. */
export function codeProblem(
  parent: Pick<RegionRow, 'code' | 'regionLevel'> | null,
  code: string,
): { key: 'region.level.max' } | { key: 'region.code.length'; params: { level: number; digits: number } } | null {
  const level = parent ? parent.regionLevel + 1 : 1;
  if (level > REGION_MAX_LEVEL) return { key: 'region.level.max' };
  const digits = REGION_CODE_LENGTHS[level - 1]!;
  if (code.length !== digits || (parent && !code.startsWith(parent.code))) {
    return { key: 'region.code.length', params: { level, digits } };
  }
  return null;
}

/**
 * Everything about a new region that follows from its parent: parent code, ancestors, level, and the
 * province…village columns (the parent's, plus its own at its level), as BladeX's data has them.
 */
export function deriveRegion(
  parent: RegionPlace | null,
  code: string,
  name: string,
): RegionPlace & {
  parentCode: string;
  name: string;
} {
  const level = parent ? parent.regionLevel + 1 : 1;
  const place: RegionPlace = {
    code,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : REGION_ROOT,
    regionLevel: level,
    provinceCode: '',
    provinceName: '',
    cityCode: '',
    cityName: '',
    districtCode: '',
    districtName: '',
    townCode: '',
    townName: '',
    villageCode: '',
    villageName: '',
  };
  LEVEL_COLUMNS.forEach(([codeColumn, nameColumn], i) => {
    if (i + 1 < level && parent) {
      place[codeColumn] = parent[codeColumn];
      place[nameColumn] = parent[nameColumn];
    } else if (i + 1 === level) {
      place[codeColumn] = code;
      place[nameColumn] = name;
    }
  });
  return { ...place, parentCode: parent?.code ?? REGION_ROOT, name };
}
