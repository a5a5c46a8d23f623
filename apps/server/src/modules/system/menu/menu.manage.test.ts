import { flattenPermissions, type MenuNode, type MenuTreeRow, type TreeNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
let tenantAdmin: string;
let topMenuBuilder: string;
let nobody: string;
const base = '/api/blade-system/menu';
// Every menu code: the platform-only writes must be refused for who the buttons alone would let through.
const ADMIN_CODES = ['system', 'menu', 'menu_view', 'menu_add', 'menu_edit', 'menu_delete', 'role_view'];

const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const remove = (token: string, ids: string) => t.as(token, { method: 'POST', url: `${base}/remove`, query: { ids } });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url: `${base}/${path}`, query });
const uid = () => Math.random().toString(36).slice(2, 10);

/** A page (category 1) under `parentId`, saved by the platform superuser. */
async function page(name: string, parentId = '0', extra: object = {}): Promise<{ id: string; code: string }> {
  const res = await submit(platform, {
    code: `p_${uid()}`,
    name,
    path: `/lab/${uid()}`,
    category: 1,
    parentId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function ids(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
}

function find(nodes: MenuTreeRow[] | TreeNode[], id: string): MenuTreeRow | TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find((n.children ?? []) as MenuTreeRow[], id);
    if (hit) return hit;
  }
  return undefined;
}

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  await createTenant(t.db, '710001');
  const admin = await createRole(t.db, '710001', 'admin', ADMIN_CODES);
  await createUser(t.db, { tenantId: '710001', account: 'admin', password: 'tenant-pw', roleIds: [admin] });
  tenantAdmin = (await t.login('admin', 'tenant-pw', '710001')).access_token;
  const builder = await createRole(t.db, '710001', 'builder', ['system', 'post', 'post_view', 'topmenu_add']);
  await createUser(t.db, { tenantId: '710001', account: 'builder', password: 'builder-pw', roleIds: [builder] });
  topMenuBuilder = (await t.login('builder', 'builder-pw', '710001')).access_token;
  const none = await createRole(t.db, '710001', 'none');
  await createUser(t.db, { tenantId: '710001', account: 'none', password: 'none-pw', roleIds: [none] });
  nobody = (await t.login('none', 'none-pw', '710001')).access_token;
});
afterAll(() => t.close());

describe('menu management', () => {
  it('seeds 菜单管理 and 顶部菜单 with their buttons', async () => {
    const routes = (await get(platform, 'routes')).json().data as MenuNode[];
    const pages = routes.find((m) => m.code === 'system')!.children!;
    expect(pages.find((m) => m.id === '1010')).toMatchObject({ path: '/system/menu', meta: { i18n: 'menu' }, sort: 7 });
    expect(pages.find((m) => m.id === '1011')).toMatchObject({ path: '/system/topmenu', meta: { i18n: 'topmenu' } });
    const buttons = flattenPermissions((await get(platform, 'buttons')).json().data);
    expect(buttons).toMatchObject({ menu_add: true, menu_delete: true, topmenu_view: true, topmenu_grant: true });
  });

  it('keeps pages and buttons in one tree: list, lazy-list, menu-list, lazy-menu-list, tree and detail', async () => {
    const top = await page('实验室', '0', { sort: 0, source: 'ExperimentOutlined', roles: ['teacher'] });
    const child = await page('设备台账', top.id);
    const button = (
      await submit(platform, {
        code: `b_${uid()}`,
        name: '新增',
        alias: 'add',
        category: 2,
        action: 1,
        parentId: child.id,
      })
    ).json().data;

    const detail = (await get(platform, 'detail', { id: child.id })).json().data;
    expect(detail).toMatchObject({ parentId: top.id, parentName: '实验室', category: 1, isOpen: 1, status: 1 });
    expect((await get(platform, 'detail', { id: top.id })).json().data).toMatchObject({
      parentName: '',
      roles: ['teacher'],
    });

    const list = (await get(platform, 'list')).json().data as MenuTreeRow[];
    const inList = find(list, top.id) as MenuTreeRow;
    expect(inList).toMatchObject({ parentId: '0', hasChildren: true, meta: { roles: ['teacher'] }, status: 1 });
    expect(inList.children![0]).toMatchObject({ id: child.id, parentName: '实验室', hasChildren: true });
    expect(inList.children![0]!.children![0]).toMatchObject({ id: button.id, category: 2, hasChildren: false });

    const root = (await get(platform, 'lazy-list')).json().data as MenuTreeRow[];
    expect(root.find((r) => r.id === top.id)).toMatchObject({ hasChildren: true });
    expect(root.every((r) => r.parentId === '0' && r.children === undefined)).toBe(true);
    const level = (await get(platform, 'lazy-list', { parentId: child.id })).json().data;
    expect(level).toEqual([expect.objectContaining({ id: button.id, parentName: '设备台账', hasChildren: false })]);

    // The pickers hold pages only: the button is gone and its page has nothing left to expand.
    const menuList = (await get(platform, 'menu-list')).json().data as MenuTreeRow[];
    expect(find(menuList, child.id)).toMatchObject({ hasChildren: false });
    expect(find(menuList, button.id)).toBeUndefined();
    expect((await get(platform, 'lazy-menu-list', { parentId: top.id })).json().data).toEqual([
      expect.objectContaining({ id: child.id, hasChildren: false }),
    ]);
    const tree = (await get(platform, 'tree', { tenantId: '000000' })).json().data as TreeNode[];
    expect(find(tree, top.id)).toMatchObject({ title: '实验室', key: top.id, value: top.id, hasChildren: true });
    expect(find(tree, button.id)).toBeUndefined();
  });

  it('filters the tree by name, code, alias and category; a match shows even when its parent does not', async () => {
    const top = await page('过滤测试根');
    const child = await page('过滤_100%', top.id);
    const byName = (await get(platform, 'list', { name: '100%' })).json().data as MenuTreeRow[];
    expect(byName.map((r) => r.id)).toEqual([child.id]);
    expect((await get(platform, 'list', { name: '过滤_1' })).json().data).toHaveLength(1);
    expect((await get(platform, 'list', { name: '过滤%' })).json().data).toEqual([]);
    expect((await get(platform, 'list', { code: child.code })).json().data.map((r: MenuTreeRow) => r.id)).toEqual([
      child.id,
    ]);
    const buttons = (await get(platform, 'list', { category: '2' })).json().data as MenuTreeRow[];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((r) => r.category === 2)).toBe(true);
    expect((await get(platform, 'lazy-list', { parentId: '1001', alias: 'nothing-like-this' })).json().data).toEqual(
      [],
    );
    expect((await get(platform, 'list', { category: 'x' })).statusCode).toBe(400);
    expect((await get(platform, 'lazy-list', { parentId: 'abc' })).statusCode).toBe(400);
  });

  it('validates the form with field messages, in Chinese and English', async () => {
    const bad = async (payload: object) => (await submit(platform, payload)).json().msg;
    expect(await bad({ name: '无编号', category: 1 })).toBe('请输入菜单编号');
    expect(await bad({ code: 'has space', name: 'x', category: 1 })).toBe(
      '菜单编号只能包含字母、数字、下划线、冒号和短横线',
    );
    expect(await bad({ code: `c_${uid()}`, category: 1 })).toBe('请输入菜单名称');
    expect(await bad({ code: `c_${uid()}`, name: 'x' })).toBe('请选择菜单类型');
    expect(await bad({ code: `c_${uid()}`, name: 'x', category: 3 })).toBe('请选择菜单类型');
    expect(await bad({ code: `c_${uid()}`, name: 'x', category: 1, action: 4 })).toBe('按钮功能格式不正确');
    expect(await bad({ code: `c_${uid()}`, name: 'x', category: 1, path: 'javascript:alert(1)' })).toBe(
      '路由地址须以 / 开头，或是以 http:// 或 https:// 开头的网址',
    );
    expect(await bad({ code: `c_${uid()}`, name: 'x', category: 1, roles: ['1bad'] })).toBe(
      '角色别名须以字母开头，只能包含字母、数字、下划线和短横线',
    );
    const en = await t.as(platform, {
      method: 'POST',
      url: `${base}/submit`,
      headers: { 'accept-language': 'en' },
      payload: { code: 'param', name: '重复', category: 1 },
    });
    expect(en.json().msg).toBe('This menu code already exists');
    const external = await page('外部链接', '0', { path: 'https://example.cn/guide.html', isOpen: 2 });
    expect((await get(platform, 'detail', { id: external.id })).json().data).toMatchObject({ isOpen: 2 });
  });

  it('codes are unique among live menus only', async () => {
    const code = `u_${uid()}`;
    const first = (await submit(platform, { code, name: '甲', category: 1 })).json().data;
    expect((await submit(platform, { code, name: '乙', category: 1 })).json().msg).toBe('菜单编号已存在');
    expect((await submit(platform, { id: first.id, code, name: '甲改' })).statusCode).toBe(200);
    expect((await remove(platform, first.id)).statusCode).toBe(200);
    expect((await submit(platform, { code, name: '乙', category: 1 })).statusCode).toBe(200);
  });

  it('refuses trees that make no sense', async () => {
    const msg = async (payload: object) => (await submit(platform, payload)).json().msg;
    const top = await page('规则根');
    const mid = await page('规则中', top.id);
    const low = await page('规则下', mid.id);
    const button = (await submit(platform, { code: `b_${uid()}`, name: '按钮', category: 2, parentId: low.id })).json()
      .data;

    expect(await msg({ code: `b_${uid()}`, name: '孤儿按钮', category: 2 })).toBe('按钮必须添加在一个菜单下');
    expect(await msg({ code: `b_${uid()}`, name: '按钮下按钮', category: 2, parentId: button.id })).toBe(
      '按钮下不能再添加菜单或按钮',
    );
    expect(await msg({ code: `p_${uid()}`, name: '按钮下菜单', category: 1, parentId: button.id })).toBe(
      '按钮下不能再添加菜单或按钮',
    );
    expect(await msg({ code: `p_${uid()}`, name: '无父', category: 1, parentId: '999999999' })).toBe('上级菜单不存在');
    expect(await msg({ id: top.id, parentId: low.id })).toBe('上级菜单不能是该菜单自己或其下级');
    expect(await msg({ id: top.id, parentId: top.id })).toBe('上级菜单不能是该菜单自己或其下级');
    expect(await msg({ id: button.id, parentId: '0' })).toBe('按钮必须添加在一个菜单下');
    expect(await msg({ id: mid.id, category: 2 })).toBe('该菜单下还有菜单或按钮，不能改为按钮');

    // A leaf page may become a button under a page, and a subtree may move elsewhere as a whole.
    expect((await submit(platform, { id: button.id, parentId: mid.id })).statusCode).toBe(200);
    const other = await page('别处');
    expect((await submit(platform, { id: mid.id, parentId: other.id })).json().data.parentName).toBe('别处');
    const leaf = await page('叶子', other.id);
    expect((await submit(platform, { id: leaf.id, category: 2 })).json().data).toMatchObject({ category: 2 });
  });

  it('keeps menus whose children stay, and removes a whole branch at once', async () => {
    const top = await page('删除根');
    const child = await page('删除子', top.id);
    const res = await remove(platform, top.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请先删除下级菜单和按钮');
    expect((await remove(platform, `${top.id},${child.id}`)).statusCode).toBe(200);
    expect((await get(platform, 'detail', { id: child.id })).statusCode).toBe(404);
    expect(find((await get(platform, 'list')).json().data, top.id)).toBeUndefined();
  });

  it('tenant administrators may read menus but never write them', async () => {
    expect((await get(tenantAdmin, 'list')).statusCode).toBe(200);
    expect((await get(tenantAdmin, 'lazy-list')).statusCode).toBe(200);
    expect((await get(tenantAdmin, 'detail', { id: '1010' })).json().data).toMatchObject({ code: 'menu' });
    const write = await submit(tenantAdmin, { code: `x_${uid()}`, name: '越权', category: 1 });
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('只有平台超级管理员可以修改全局数据');
    expect((await submit(tenantAdmin, { id: '1010', name: '改名' })).statusCode).toBe(403);
    expect((await remove(tenantAdmin, '1010')).statusCode).toBe(403);
    expect((await get(platform, 'detail', { id: '1010' })).json().data.name).toBe('菜单管理');
  });

  it('pickers show a top-menu builder only the pages they hold; menu lists stay closed to them', async () => {
    const tree = (await get(topMenuBuilder, 'tree')).json().data as TreeNode[];
    expect(tree.map((n) => n.title)).toEqual(['系统管理']);
    expect(tree[0]!.children!.map((n) => n.title)).toEqual(['岗位管理']);
    const menuList = (await get(topMenuBuilder, 'menu-list')).json().data as MenuTreeRow[];
    expect(JSON.stringify(menuList)).not.toContain('参数管理');
    const level = (await get(topMenuBuilder, 'lazy-menu-list', { parentId: '1001' })).json().data;
    expect(level.map((r: MenuTreeRow) => r.code)).toEqual(['post']);
    expect((await get(topMenuBuilder, 'list')).statusCode).toBe(403);
    expect((await get(topMenuBuilder, 'lazy-list')).statusCode).toBe(403);
    // A menu administrator sees every page.
    expect(JSON.stringify((await get(tenantAdmin, 'tree')).json().data)).toContain('参数管理');
  });

  it('401 and 403 on every menu endpoint', async () => {
    for (const path of ['list', 'lazy-list', 'menu-list', 'lazy-menu-list', 'tree', 'page', 'detail?id=1010']) {
      expect((await t.app.inject({ method: 'GET', url: `${base}/${path}` })).statusCode, path).toBe(401);
      expect((await t.as(nobody, { method: 'GET', url: `${base}/${path}` })).statusCode, path).toBe(403);
    }
  });
});

describe('removing a menu', () => {
  it('takes it out of routes, buttons, permissions and grants at once', async () => {
    const lab = await page('实训室', '1001');
    const labButton = (
      await submit(platform, { code: `lab_${uid()}`, name: '查看', category: 2, parentId: lab.id })
    ).json().data;
    const role = await createRole(t.db, '710001', 'lab', ['system', lab.code, labButton.code, 'post', 'post_view']);
    await createUser(t.db, { tenantId: '710001', account: 'lab', password: 'lab-pw', roleIds: [role] });
    const user = (await t.login('lab', 'lab-pw', '710001')).access_token;
    const keys = async () => (await get(tenantAdmin, 'role-tree-keys', { roleIds: role })).json().data.menu as string[];

    expect(JSON.stringify((await get(user, 'routes')).json().data)).toContain(lab.id);
    expect(flattenPermissions((await get(user, 'buttons')).json().data)).toHaveProperty(labButton.code);
    expect(await keys()).toEqual(expect.arrayContaining([lab.id, labButton.id]));

    expect((await remove(platform, `${lab.id},${labButton.id}`)).statusCode).toBe(200);
    expect(JSON.stringify((await get(user, 'routes')).json().data)).not.toContain(lab.id);
    expect(flattenPermissions((await get(user, 'buttons')).json().data)).not.toHaveProperty(labButton.code);
    expect(await keys()).not.toContain(lab.id);
    expect(await keys()).not.toContain(labButton.id);

    // A removed button is a removed permission: the API it guards closes on the next request.
    expect((await t.as(user, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode).toBe(200);
    const postView = (await get(platform, 'list', { code: 'post_view' })).json().data as MenuTreeRow[];
    expect((await remove(platform, postView[0]!.id)).statusCode).toBe(200);
    expect((await t.as(user, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode).toBe(403);
    const grantable = ids((await get(platform, 'grant-tree')).json().data.menu);
    expect(grantable).toContain('1003');
    expect(grantable).not.toContain(postView[0]!.id);
  });
});
