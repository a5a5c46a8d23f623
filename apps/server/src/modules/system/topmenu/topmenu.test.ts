import { flattenPermissions, type MenuNode, type TreeNode } from '@shixun/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, topMenuSetting } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
let adminA: string;
let adminB: string;
let teacherA: string;
let nobody: string;
const base = '/api/blade-system/topmenu';
const TOPMENU_CODES = ['topmenu', 'topmenu_view', 'topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_grant'];
const ADMIN_CODES = ['system', 'user', 'user_view', 'post', 'post_view', ...TOPMENU_CODES];

const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const grant = (token: string, topMenuIds: string[], menuIds: string[]) =>
  t.as(token, { method: 'POST', url: `${base}/grant`, payload: { topMenuIds, menuIds } });
const get = (token: string, url: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url, query });
const routes = async (token: string, topMenuId?: string) =>
  (await get(token, '/api/blade-system/menu/routes', topMenuId === undefined ? {} : { topMenuId })).json()
    .data as MenuNode[];
const pagesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...pagesOf(n.children ?? [])]);
const treeIds = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);

async function menuId(code: string): Promise<string> {
  const [row] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, code));
  return row!.id;
}

async function topMenu(token: string, name: string, sort = 1): Promise<string> {
  const res = await submit(token, { code: `tm_${Math.random().toString(36).slice(2, 10)}`, name, sort });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  for (const id of ['720001', '720002']) {
    await createTenant(t.db, id);
    const role = await createRole(t.db, id, 'admin', ADMIN_CODES);
    await createUser(t.db, { tenantId: id, account: 'admin', password: 'tenant-pw', roleIds: [role] });
  }
  adminA = (await t.login('admin', 'tenant-pw', '720001')).access_token;
  adminB = (await t.login('admin', 'tenant-pw', '720002')).access_token;
  const teacher = await createRole(t.db, '720001', 'teacher', ['system', 'post', 'post_view']);
  await createUser(t.db, { tenantId: '720001', account: 'teacher', password: 'teacher-pw', roleIds: [teacher] });
  teacherA = (await t.login('teacher', 'teacher-pw', '720001')).access_token;
  const none = await createRole(t.db, '720001', 'none');
  await createUser(t.db, { tenantId: '720001', account: 'none', password: 'none-pw', roleIds: [none] });
  nobody = (await t.login('none', 'none-pw', '720001')).access_token;
});
afterAll(() => t.close());

describe('top menus', () => {
  it('are each tenant’s own: codes unique per tenant, and the top bar lists them by sort', async () => {
    const code = 'teaching';
    const mine = (await submit(adminA, { code, name: '教学', source: 'BookOutlined', sort: 2 })).json().data;
    expect(mine).toMatchObject({ tenantId: '720001', code, name: '教学', source: 'BookOutlined', sort: 2 });
    expect((await submit(adminA, { code, name: '重复' })).json().msg).toBe('顶部菜单编号已存在');
    expect((await submit(adminB, { code, name: '乙校教学', tenantId: '720001' })).json().data.tenantId).toBe('720002');
    const first = (await submit(adminA, { code: 'affairs', name: '教务', sort: 1 })).json().data;

    const bar = (await get(teacherA, '/api/blade-system/menu/top-menu')).json().data;
    expect(bar).toEqual([
      { id: first.id, code: 'affairs', name: '教务', source: '', sort: 1 },
      { id: mine.id, code, name: '教学', source: 'BookOutlined', sort: 2 },
    ]);
    const list = (await get(adminA, `${base}/list`, { name: '教' })).json().data;
    expect(list.records.map((r: { code: string }) => r.code)).toEqual(['affairs', 'teaching']);
    expect((await submit(adminA, { code: '', name: '' })).json().msg).toBe('请输入顶部菜单编号');
    expect((await submit(adminA, { code: 'ok_code', name: '' })).json().msg).toBe('请输入顶部菜单名称');
  });

  it('narrow the sidebar to their menus, and never add a menu the roles do not hold', async () => {
    const teaching = await topMenu(adminA, '教学视图');
    const people = await topMenu(adminA, '人员视图');
    expect((await grant(adminA, [teaching], [await menuId('post')])).statusCode).toBe(200);
    expect((await grant(adminA, [people], [await menuId('user')])).statusCode).toBe(200);

    expect(pagesOf(await routes(teacherA, teaching))).toEqual(['system', 'post']);
    expect(await routes(teacherA, people)).toEqual([]);
    expect(pagesOf(await routes(adminA, people))).toEqual(['system', 'user']);
    // Without a top menu (or with Saber's empty one) the sidebar is as before.
    expect(pagesOf(await routes(adminA))).toEqual(expect.arrayContaining(['post', 'user', 'topmenu']));
    expect(await routes(adminA, '')).toEqual(await routes(adminA));

    const keys = await get(adminA, '/api/blade-system/menu/top-tree-keys', { topMenuIds: `${teaching},${people}` });
    expect(keys.json().data.menu.sort()).toEqual([await menuId('post'), await menuId('user')].sort());
    // A grant replaces what the top menu held.
    await grant(adminA, [teaching], [await menuId('user')]);
    expect(pagesOf(await routes(adminA, teaching))).toEqual(['system', 'user']);
    await grant(adminA, [teaching], []);
    expect(await routes(adminA, teaching)).toEqual([]);
  });

  it('the platform superuser may put any page in its own top menus', async () => {
    const platformTop = await topMenu(platform, '平台');
    const tree = treeIds((await get(platform, '/api/blade-system/menu/grant-top-tree')).json().data.menu);
    expect(tree).toEqual(expect.arrayContaining([await menuId('param'), await menuId('tenant')]));
    expect(tree).not.toContain(await menuId('param_add'));
    expect((await grant(platform, [platformTop], [await menuId('param')])).statusCode).toBe(200);
    expect(pagesOf(await routes(platform, platformTop))).toEqual(['system', 'param']);

    const gone = (
      await t.as(platform, {
        method: 'POST',
        url: '/api/blade-system/menu/submit',
        payload: { code: 'gone_page', name: '已删除', category: 1 },
      })
    ).json().data;
    await t.as(platform, { method: 'POST', url: '/api/blade-system/menu/remove', query: { ids: gone.id } });
    expect((await grant(platform, [platformTop], [gone.id])).json().msg).toBe('所选菜单不存在，或不是菜单');
  });

  it('grant offers and accepts only live pages the caller holds', async () => {
    const top = await topMenu(adminA, '授权规则');
    const offered = (await get(adminA, '/api/blade-system/menu/grant-top-tree')).json().data.menu as TreeNode[];
    expect(offered.map((n) => n.title)).toEqual(['系统管理']);
    expect(offered[0]!.children!.map((n) => n.title).sort()).toEqual(['岗位管理', '用户管理', '顶部菜单'].sort());

    const exceeds = await grant(adminA, [top], [await menuId('param')]);
    expect(exceeds.statusCode).toBe(403);
    expect(exceeds.json().msg).toBe('只能配置自己有权访问的菜单');
    const button = await grant(adminA, [top], [await menuId('user_view')]);
    expect(button.statusCode).toBe(400);
    expect(button.json().msg).toBe('所选菜单不存在，或不是菜单');
    expect((await grant(adminA, [top], ['999999999'])).statusCode).toBe(400);
    expect((await grant(adminA, [], [])).json().msg).toBe('请选择要配置的顶部菜单');
    expect((await grant(adminA, ['abc'], [])).statusCode).toBe(400);
    // The parents shown in the offer may be chosen too: they add nothing the sidebar would not show anyway.
    expect((await grant(adminA, [top], [await menuId('system'), await menuId('post')])).statusCode).toBe(200);
    const keys = await get(adminA, '/api/blade-system/menu/top-tree-keys', { topMenuIds: top });
    expect(keys.json().data.menu).toHaveLength(2);
  });

  it('another tenant’s top menu is unknown everywhere', async () => {
    const theirs = await topMenu(adminB, '乙校视图');
    await grant(adminB, [theirs], [await menuId('user')]);
    const mine = await topMenu(adminA, '甲校视图');

    expect((await get(adminA, `${base}/detail`, { id: theirs })).statusCode).toBe(404);
    expect((await grant(adminA, [theirs], [])).statusCode).toBe(404);
    expect((await grant(adminA, [mine, theirs], [])).statusCode).toBe(404);
    expect((await get(adminA, '/api/blade-system/menu/top-tree-keys', { topMenuIds: theirs })).statusCode).toBe(404);
    expect((await get(adminA, '/api/blade-system/menu/routes', { topMenuId: theirs })).statusCode).toBe(404);
    expect((await get(adminA, '/api/blade-system/menu/routes', { topMenuId: '999999999' })).statusCode).toBe(404);
    const bar = (await get(adminA, '/api/blade-system/menu/top-menu')).json().data;
    expect(bar.map((m: { id: string }) => m.id)).not.toContain(theirs);
    // B's grant is untouched by A's attempts.
    const keys = await get(adminB, '/api/blade-system/menu/top-tree-keys', { topMenuIds: theirs });
    expect(keys.json().data.menu).toEqual([await menuId('user')]);
  });

  it('removing a top menu drops its menus, and only when every id is the caller’s', async () => {
    const mine = await topMenu(adminA, '将删除');
    const theirs = await topMenu(adminB, '乙校保留');
    await grant(adminA, [mine], [await menuId('post')]);
    await grant(adminB, [theirs], [await menuId('post')]);
    const settings = async (id: string) =>
      t.db
        .select()
        .from(topMenuSetting)
        .where(inArray(topMenuSetting.topMenuId, [id]));

    const mixed = await t.as(adminA, { method: 'POST', url: `${base}/remove`, query: { ids: `${mine},${theirs}` } });
    expect(mixed.statusCode).toBe(404);
    expect(await settings(mine)).toHaveLength(1);
    expect(await settings(theirs)).toHaveLength(1);

    expect((await t.as(adminA, { method: 'POST', url: `${base}/remove`, query: { ids: mine } })).statusCode).toBe(200);
    expect(await settings(mine)).toEqual([]);
    expect(await settings(theirs)).toHaveLength(1);
    expect((await get(adminA, '/api/blade-system/menu/routes', { topMenuId: mine })).statusCode).toBe(404);
  });

  it('a new tenant’s administrator gets 顶部菜单 with its buttons, and not 菜单管理', async () => {
    const res = await t.as(platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '顶部菜单学校' },
    });
    const { tenantId, oneTime } = res.json().data;
    const session = (await t.login('admin', oneTime.password, tenantId)).access_token;
    const buttons = flattenPermissions((await get(session, '/api/blade-system/menu/buttons')).json().data);
    expect(buttons).toMatchObject({ topmenu_view: true, topmenu_add: true, topmenu_grant: true });
    expect(buttons.menu_view).toBeUndefined();
    expect(pagesOf(await routes(session))).toContain('topmenu');
    expect(pagesOf(await routes(session))).not.toContain('menu');
  });

  it('401 and 403 on the top-menu calls; 400 on bad ids', async () => {
    const calls = [
      ['POST', `${base}/grant`],
      ['GET', '/api/blade-system/menu/grant-top-tree'],
      ['GET', '/api/blade-system/menu/top-tree-keys?topMenuIds=1'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.as(nobody, { method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/top-menu' })).statusCode).toBe(401);
    expect((await get(nobody, '/api/blade-system/menu/top-menu')).json().data).toEqual(expect.any(Array));
    expect((await get(adminA, '/api/blade-system/menu/top-tree-keys', { topMenuIds: 'x' })).statusCode).toBe(400);
    expect((await get(adminA, '/api/blade-system/menu/routes', { topMenuId: 'x' })).statusCode).toBe(400);
  });
});
