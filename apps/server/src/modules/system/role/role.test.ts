import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, userRole } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
let tenantAdmin: string;
let otherAdmin: string;
let staff000: string;
let otherRoleId: string;
const base = '/api/blade-system/role';
const ROLE_CODES = ['role', 'role_view', 'role_add', 'role_edit', 'role_delete', 'role_grant'];

async function menuIds(codes: string[]): Promise<string[]> {
  const rows = await t.db
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, codes), eq(menu.isDeleted, 0)));
  return rows.map((r) => r.id);
}

const post = (token: string, url: string, payload?: object) => t.as(token, { method: 'POST', url, payload });
const get = (token: string, url: string, query?: Record<string, string>) => t.as(token, { method: 'GET', url, query });

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  await createTenant(t.db, '600001');
  const adminRole = await createRole(t.db, '600001', 'admin', [
    'system',
    'post',
    'post_view',
    'post_add',
    ...ROLE_CODES,
  ]);
  await createUser(t.db, { tenantId: '600001', account: 'admin', password: 'tenant-pw', roleIds: [adminRole] });
  tenantAdmin = (await t.login('admin', 'tenant-pw', '600001')).access_token;

  await createTenant(t.db, '600002');
  otherRoleId = await createRole(t.db, '600002', 'admin', ROLE_CODES);
  await createUser(t.db, { tenantId: '600002', account: 'admin', password: 'tenant-pw', roleIds: [otherRoleId] });
  otherAdmin = (await t.login('admin', 'tenant-pw', '600002')).access_token;

  const staffRole = await createRole(t.db, '000000', 'staff', ROLE_CODES);
  await createUser(t.db, { tenantId: '000000', account: 'staff', password: 'staff-pw', roleIds: [staffRole] });
  staff000 = (await t.login('staff', 'staff-pw')).access_token;
});
afterAll(() => t.close());

describe('role grants', () => {
  it('a granted user gets exactly that menu and those buttons, and a new grant applies on their next request', async () => {
    const created = await post(tenantAdmin, `${base}/submit`, { roleName: '教师', roleAlias: 'teacher' });
    expect(created.statusCode).toBe(200);
    const teacherRole = created.json().data.id as string;
    await createUser(t.db, { tenantId: '600001', account: 'teacher', password: 'teacher-pw', roleIds: [teacherRole] });
    const teacher = (await t.login('teacher', 'teacher-pw', '600001')).access_token;

    const grant = await post(tenantAdmin, `${base}/grant`, {
      roleIds: [teacherRole],
      menuIds: await menuIds(['system', 'post', 'post_view']),
      dataScopeIds: [],
      apiScopeIds: [],
    });
    expect(grant.statusCode).toBe(200);
    const routes = (await get(teacher, '/api/blade-system/menu/routes')).json().data as MenuNode[];
    expect(routes.map((r) => r.code)).toEqual(['system']);
    expect(routes[0]?.children?.map((c) => c.code)).toEqual(['post']);
    const buttons = (await get(teacher, '/api/blade-system/menu/buttons')).json().data as MenuNode[];
    expect(flattenPermissions(buttons)).toEqual({ post_view: true });
    expect((await get(teacher, '/api/blade-system/post/list')).statusCode).toBe(200);

    // Take it away: the same token loses the page and the API at once.
    await post(tenantAdmin, `${base}/grant`, { roleIds: [teacherRole], menuIds: [] });
    expect((await get(teacher, '/api/blade-system/menu/routes')).json().data).toEqual([]);
    expect((await get(teacher, '/api/blade-system/post/list')).statusCode).toBe(403);

    const keys = await get(tenantAdmin, '/api/blade-system/menu/role-tree-keys', { roleIds: teacherRole });
    expect(keys.json().data).toEqual({ menu: [], dataScope: [], apiScope: [] });
  });

  it('nobody can grant what they do not hold', async () => {
    const r = (await post(tenantAdmin, `${base}/submit`, { roleName: '越权', roleAlias: 'escalate' })).json().data;
    const res = await post(tenantAdmin, `${base}/grant`, {
      roleIds: [r.id],
      menuIds: await menuIds(['param', 'param_add']),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('不能授予自己没有的菜单或按钮');
    const keys = await get(tenantAdmin, '/api/blade-system/menu/role-tree-keys', { roleIds: r.id });
    expect(keys.json().data.menu).toEqual([]);
  });

  it('grant-tree offers the superuser every menu and a tenant administrator only what they hold', async () => {
    const all = (await get(platform, '/api/blade-system/menu/grant-tree')).json().data;
    const codes = JSON.stringify(all.menu);
    expect(codes).toContain('参数管理');
    const mine = (await get(tenantAdmin, '/api/blade-system/menu/grant-tree')).json().data;
    const titles = JSON.stringify(mine.menu);
    expect(titles).toContain('岗位管理');
    expect(titles).not.toContain('参数管理');
    expect(mine.menu[0]).toMatchObject({ parentId: '0', title: '系统管理', hasChildren: true });
    expect(mine).toMatchObject({ dataScope: [], apiScope: [] });
  });

  it("another tenant's roles are unknown: grant and keys answer 404", async () => {
    const grant = await post(tenantAdmin, `${base}/grant`, { roleIds: [otherRoleId], menuIds: [] });
    expect(grant.statusCode).toBe(404);
    expect((await get(tenantAdmin, '/api/blade-system/menu/role-tree-keys', { roleIds: otherRoleId })).statusCode).toBe(
      404,
    );
    expect((await get(otherAdmin, '/api/blade-system/menu/role-tree-keys', { roleIds: otherRoleId })).statusCode).toBe(
      200,
    );
  });

  it('refuses unknown scopes and bad bodies with 400', async () => {
    const r = (await post(tenantAdmin, `${base}/submit`, { roleName: '范围', roleAlias: 'scoped' })).json().data;
    const scopes = await post(tenantAdmin, `${base}/grant`, { roleIds: [r.id], menuIds: [], dataScopeIds: ['1'] });
    expect(scopes.statusCode).toBe(400);
    expect(scopes.json().msg).toBe('所选数据权限或接口权限不存在');
    expect((await post(tenantAdmin, `${base}/grant`, { roleIds: [], menuIds: [] })).json().msg).toBe(
      '请选择要授权的角色',
    );
    expect((await post(tenantAdmin, `${base}/grant`, { roleIds: ['x'], menuIds: [] })).statusCode).toBe(400);
    expect((await post(tenantAdmin, `${base}/grant`, { roleIds: [r.id], menuIds: ['999999999'] })).json().msg).toBe(
      '所选菜单不存在',
    );
  });

  it('401 and 403 on every grant endpoint', async () => {
    const none = await createRole(t.db, '600001', 'none');
    await createUser(t.db, { tenantId: '600001', account: 'none', password: 'none-pw', roleIds: [none] });
    const nobody = (await t.login('none', 'none-pw', '600001')).access_token;
    for (const [method, url] of [
      ['POST', `${base}/grant`],
      ['GET', `${base}/tree`],
      ['GET', `${base}/tree-by-id?roleId=1`],
      ['GET', '/api/blade-system/menu/grant-tree'],
      ['GET', '/api/blade-system/menu/role-tree-keys?roleIds=1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.as(nobody, { method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(
        403,
      );
    }
  });
});

describe('role rules', () => {
  it('the platform superuser role is the superuser’s alone', async () => {
    const res = await post(staff000, `${base}/submit`, { id: '201', roleName: '改名' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('超级管理员角色只能由平台超级管理员修改');
    expect((await post(staff000, `${base}/grant`, { roleIds: ['201'], menuIds: [] })).statusCode).toBe(403);
    expect(
      (await post(staff000, `${base}/submit`, { roleName: '假超管', roleAlias: 'administrator' })).statusCode,
    ).toBe(403);
    expect((await post(platform, `${base}/submit`, { id: '201', roleAlias: 'renamed' })).statusCode).toBe(400);
    expect((await post(platform, `${base}/remove?ids=201`)).statusCode).toBe(403);
    expect((await post(platform, `${base}/submit`, { id: '201', roleName: '超级管理员' })).statusCode).toBe(200);
  });

  it('parents must exist in the tenant and never be the role itself or below it', async () => {
    const a = (await post(tenantAdmin, `${base}/submit`, { roleName: '教研室', roleAlias: 'office' })).json().data;
    const b = (
      await post(tenantAdmin, `${base}/submit`, { roleName: '教研组', roleAlias: 'group', parentId: a.id })
    ).json().data;
    expect(b.parentId).toBe(a.id);
    const cycle = await post(tenantAdmin, `${base}/submit`, { id: a.id, parentId: b.id });
    expect(cycle.json().msg).toBe('上级角色不存在，或是该角色自己及其下级');
    expect((await post(tenantAdmin, `${base}/submit`, { id: a.id, parentId: a.id })).statusCode).toBe(400);
    expect(
      (await post(tenantAdmin, `${base}/submit`, { roleName: 'x', roleAlias: 'x1', parentId: otherRoleId })).statusCode,
    ).toBe(400);

    const byId = (await get(tenantAdmin, `${base}/tree-by-id`, { roleId: a.id })).json().data;
    expect(JSON.stringify(byId)).not.toContain(a.id);
    expect(JSON.stringify(byId)).not.toContain(b.id);
    const tree = (await get(tenantAdmin, `${base}/tree`)).json().data;
    const office = tree.find((n: { id: string }) => n.id === a.id);
    expect(office.children.map((c: { id: string }) => c.id)).toEqual([b.id]);

    expect((await post(tenantAdmin, `${base}/remove?ids=${a.id}`)).json().msg).toBe('请先删除下级角色');
    expect((await post(tenantAdmin, `${base}/remove?ids=${a.id},${b.id}`)).statusCode).toBe(200);
  });

  it('a role that users still hold cannot be removed', async () => {
    const r = (await post(tenantAdmin, `${base}/submit`, { roleName: '班主任', roleAlias: 'head' })).json().data;
    const uid = await createUser(t.db, { tenantId: '600001', account: 'head1', password: 'head-pw', roleIds: [r.id] });
    expect((await post(tenantAdmin, `${base}/remove?ids=${r.id}`)).json().msg).toBe(
      '角色下仍有用户，请先为这些用户更换角色',
    );
    await t.db.delete(userRole).where(eq(userRole.userId, uid));
    expect((await post(tenantAdmin, `${base}/remove?ids=${r.id}`)).statusCode).toBe(200);
  });

  it('role/tree lets only the platform superuser look at another tenant', async () => {
    const mine = (await get(tenantAdmin, `${base}/tree`, { tenantId: '600002' })).json().data;
    expect(JSON.stringify(mine)).not.toContain(otherRoleId);
    const theirs = (await get(platform, `${base}/tree`, { tenantId: '600002' })).json().data;
    expect(theirs.map((n: { id: string }) => n.id)).toContain(otherRoleId);
  });
});
