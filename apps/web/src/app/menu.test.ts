import type { MenuNode } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { findMenu, menuLabel, menuTrail, normalizeMenu } from './menu.ts';
import { menuTarget, searchMenu, webAddress } from './menu-nav.ts';
import { viewFor } from './views.ts';

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  parentId: '0',
  code: path,
  name: path,
  nameEn: '',
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
    children: [node('/system/param'), node('/system/user'), node('/system/log')],
  }),
  node('/desk'),
  node('https://example.edu/help', { isOpen: 2 }),
];

describe('menu helpers', () => {
  it('mounts a top-level page at <path>/index, leaving groups and web addresses alone', () => {
    expect(normalizeMenu(tree).map((n) => n.path)).toEqual(['/system', '/desk/index', 'https://example.edu/help']);
  });

  it('finds pages and their trail; groups are not pages', () => {
    expect(findMenu(tree, '/system/param')?.name).toBe('/system/param');
    expect(findMenu(tree, '/system')).toBeUndefined();
    expect(menuTrail(tree, '/system/user').map((n) => n.path)).toEqual(['/system', '/system/user']);
  });

  it('opens isOpen = 2 in a new window, other web addresses in the embedded page, pages by their route', () => {
    expect(menuTarget(tree[2]!, 'Help')).toEqual({ kind: 'window', url: 'https://example.edu/help' });
    expect(menuTarget(node('https://example.edu/guide.html'), '指南')).toEqual({
      kind: 'route',
      to: '/myiframe/exampleeduguidehtml?src=https%3A%2F%2Fexample.edu%2Fguide.html&name=%E6%8C%87%E5%8D%97',
    });
    expect(menuTarget(node('/static/help.html'), 'Help')).toMatchObject({
      kind: 'route',
      to: expect.stringContaining(`src=${encodeURIComponent(`${window.location.origin}/static/help.html`)}`),
    });
    expect(menuTarget(tree[1]!, '工作台')).toEqual({ kind: 'route', to: '/desk' });
    expect(menuTarget(node('/desk', { isOpen: 2 }), '工作台')).toEqual({ kind: 'window', url: '/desk' });
  });

  it('never opens or frames an address that is not http(s)', () => {
    expect(webAddress('javascript:alert(1)//html')).toBeUndefined();
    expect(webAddress('data:text/html,<b>x</b>')).toBeUndefined();
    expect(menuTarget(node('javascript:alert(1)//.html'), 'x')).toEqual({ kind: 'invalid' });
    expect(menuTarget(node('javascript:alert(1)//.html', { isOpen: 2 }), 'x')).toEqual({ kind: 'invalid' });
  });
});

describe('menu search', () => {
  const t = ((key: string) =>
    ({ 'menu.param': 'Parameters', 'menu.user': 'Users' })[key] ?? '') as unknown as TFunction;
  const menu = [
    node('/system', {
      name: '系统管理',
      meta: { i18n: 'system' },
      children: [
        node('/system/param', { name: '参数管理', meta: { i18n: 'param' } }),
        node('/system/user', { name: '用户管理', meta: { i18n: 'user' } }),
        node('/system/post', { name: 'Post 管理' }),
      ],
    }),
    node('/desk/index', { name: '工作台' }),
  ];
  const found = (q: string) => searchMenu(menu, q, t).map((h) => h.node.path);

  it('finds pages (never groups) whose Chinese name or translated label starts with the query, ignoring case', () => {
    expect(found('参数')).toEqual(['/system/param']);
    expect(found('PARAM')).toEqual(['/system/param']);
    expect(found('us')).toEqual(['/system/user']);
    expect(found('post')).toEqual(['/system/post']);
    expect(found('系统')).toEqual([]);
    // A prefix search: the middle of a name does not match.
    expect(found('管理')).toEqual([]);
  });

  it('lists every page for an empty query, with the groups above each', () => {
    const hits = searchMenu(menu, '  ', t);
    expect(hits.map((h) => h.node.path)).toEqual(['/system/param', '/system/user', '/system/post', '/desk/index']);
    expect(hits[0]).toMatchObject({ label: 'Parameters', groups: ['系统管理'] });
    expect(hits[3]!.groups).toEqual([]);
  });
});

describe('menu labels', () => {
  afterEach(() => i18n.changeLanguage('zh'));
  const t = ((key: string) => ({ 'menu.param': 'Parameters' })[key] ?? '') as unknown as TFunction;

  it('takes the catalog’s title for the product’s pages, else the name in the UI language', async () => {
    const param = node('/system/param', { name: '参数管理', nameEn: 'Params', meta: { i18n: 'param' } });
    const own = node('/library', { name: '图书馆', nameEn: 'Library' });
    const untranslated = node('/archive', { name: '档案' });
    expect([param, own, untranslated].map((n) => menuLabel(n, t))).toEqual(['Parameters', '图书馆', '档案']);
    await i18n.changeLanguage('en');
    expect([param, own, untranslated].map((n) => menuLabel(n, t))).toEqual(['Parameters', 'Library', '档案']);
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
