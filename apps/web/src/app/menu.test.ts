import type { MenuNode } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { findMenu, menuTrail, normalizeMenu, opensInNewWindow, visibleMenu } from './menu.ts';
import { viewFor } from './views.ts';

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  parentId: '0',
  code: path,
  name: path,
  alias: 'menu',
  path,
  source: '',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: '',
  meta: {},
  ...extra,
});

const tree = [
  node('/system', {
    children: [
      node('/system/param'),
      node('/system/user', { meta: { roles: ['administrator'] } }),
      node('/system/log', { meta: { roles: ['auditor'] } }),
    ],
  }),
  node('/desk'),
  node('https://example.edu/help', { isOpen: 2 }),
];

describe('menu helpers', () => {
  it('shows items without roles and items naming one of the user roles', () => {
    const paths = (roles: string[]) => visibleMenu(tree, roles)[0]!.children!.map((n) => n.path);
    expect(paths(['teacher'])).toEqual(['/system/param']);
    expect(paths(['teacher', 'administrator'])).toEqual(['/system/param', '/system/user']);
    expect(paths(['auditor'])).toEqual(['/system/param', '/system/log']);
  });

  it('mounts a top-level page at <path>/index, leaving groups and web addresses alone', () => {
    expect(normalizeMenu(tree).map((n) => n.path)).toEqual(['/system', '/desk/index', 'https://example.edu/help']);
  });

  it('finds pages and their trail; groups are not pages', () => {
    expect(findMenu(tree, '/system/param')?.name).toBe('/system/param');
    expect(findMenu(tree, '/system')).toBeUndefined();
    expect(menuTrail(tree, '/system/user').map((n) => n.path)).toEqual(['/system', '/system/user']);
  });

  it('opens web addresses in a new window', () => {
    expect(opensInNewWindow(tree[2]!)).toBe(true);
    expect(opensInNewWindow(tree[1]!)).toBe(false);
  });
});

describe('view registry', () => {
  it('maps a menu path to its page file and knows when a page is not built yet', () => {
    expect(viewFor('/system/param')).toBeDefined();
    expect(viewFor('/system/param')).toBe(viewFor('/system/param/'));
    expect(viewFor('/exam/paper')).toBeUndefined();
    // Pages outside the menu are not reachable through it.
    expect(viewFor('/login/index')).toBeUndefined();
  });
});
