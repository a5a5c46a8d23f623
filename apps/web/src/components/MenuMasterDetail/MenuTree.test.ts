import type { MenuTreeRow } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { filterMenus } from './MenuTree.tsx';

const node = (id: string, name: string, i18nKey: string, children: MenuTreeRow[] = []): MenuTreeRow =>
  ({ id, name, meta: { i18n: i18nKey }, children }) as unknown as MenuTreeRow;

const tree = [
  node('1', '系统管理', 'system', [node('2', '用户管理', 'user'), node('3', '岗位管理', 'post')]),
  node('4', '权限管理', 'authority', [node('5', '数据权限', 'dataScope')]),
];
const ids = (nodes: MenuTreeRow[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

describe('filterMenus', () => {
  it('keeps matching pages with the parents above them', () => {
    expect(ids(filterMenus(tree, '用户', i18n.t))).toEqual(['1', '2']);
  });

  it('keeps every page of a matching parent', () => {
    expect(ids(filterMenus(tree, '系统', i18n.t))).toEqual(['1', '2', '3']);
  });

  it('matches the label in the UI language, ignoring case, and the stored name', async () => {
    const en = i18n.getFixedT('en');
    expect(ids(filterMenus(tree, 'USERS', en))).toEqual(['1', '2']);
    expect(ids(filterMenus(tree, '岗位', en))).toEqual(['1', '3']);
    expect(filterMenus(tree, 'nothing', en)).toEqual([]);
    expect(filterMenus(tree, '  ', en)).toBe(tree);
  });
});
