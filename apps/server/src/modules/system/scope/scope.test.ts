import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
let admin: string;
let otherAdmin: string;
const depts: Record<string, string> = {};
const users: Record<string, string> = {};
let viewerRole: string;
let viewer: string;

const ADMIN_CODES = [
  'system',
  'user',
  'user_view',
  'user_add',
  'user_edit',
  'user_delete',
  'user_role',
  'dept',
  'dept_view',
  'dept_add',
  'role',
  'role_view',
  'role_add',
  'role_grant',
  'authority',
  'data_scope',
  'data_scope_view',
  'data_scope_add',
  'data_scope_edit',
  'data_scope_delete',
  'api_scope',
  'api_scope_view',
  'api_scope_add',
  'api_scope_edit',
  'api_scope_delete',
];
const USER_MENU = '1008';

const post = (token: string, url: string, payload?: object) => t.as(token, { method: 'POST', url, payload });
const get = (token: string, url: string, query?: Record<string, string>) => t.as(token, { method: 'GET', url, query });
const ok = async <T = { id: string }>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};

async function newDataScope(body: object): Promise<string> {
  return (
    await ok(post(admin, '/api/blade-system/data-scope/submit', { menuId: USER_MENU, resourceCode: 'user', ...body }))
  ).id;
}
async function grant(roleId: string, scopes: { data?: string[]; api?: string[] }, menus?: string[]) {
  const keys = await ok<{ menu: string[] }>(get(admin, '/api/blade-system/menu/role-tree-keys', { roleIds: roleId }));
  await ok(
    post(admin, '/api/blade-system/role/grant', {
      roleIds: [roleId],
      menuIds: menus ?? keys.menu,
      dataScopeIds: scopes.data ?? [],
      apiScopeIds: scopes.api ?? [],
    }),
  );
}
async function visibleAccounts(token: string): Promise<string[]> {
  const page = await ok<{ records: { account: string }[] }>(get(token, '/api/blade-user/page', { size: '200' }));
  return page.records.map((r) => r.account).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  await createTenant(t.db, '700001');
  const adminRole = await createRole(t.db, '700001', 'admin', ADMIN_CODES);
  await createUser(t.db, { tenantId: '700001', account: 'admin', password: 'admin-pw', roleIds: [adminRole] });
  admin = (await t.login('admin', 'admin-pw', '700001')).access_token;
  await createTenant(t.db, '700002');
  const otherRole = await createRole(t.db, '700002', 'admin', ADMIN_CODES);
  await createUser(t.db, { tenantId: '700002', account: 'admin', password: 'admin-pw', roleIds: [otherRole] });
  otherAdmin = (await t.login('admin', 'admin-pw', '700002')).access_token;

  // 学校 → 机电系 → 数控教研室, and 信息系 beside 机电系.
  depts.school = (await ok(post(admin, '/api/blade-system/dept/submit', { deptName: '学校', deptCategory: 1 }))).id;
  depts.mech = (
    await ok(
      post(admin, '/api/blade-system/dept/submit', { deptName: '机电系', deptCategory: 2, parentId: depts.school }),
    )
  ).id;
  depts.cnc = (
    await ok(
      post(admin, '/api/blade-system/dept/submit', { deptName: '数控教研室', deptCategory: 3, parentId: depts.mech }),
    )
  ).id;
  depts.it = (
    await ok(
      post(admin, '/api/blade-system/dept/submit', { deptName: '信息系', deptCategory: 2, parentId: depts.school }),
    )
  ).id;

  viewerRole = await createRole(t.db, '700001', 'viewer', ['system', 'user', 'user_view', 'user_edit']);
  for (const [account, dept] of [
    ['viewer', 'mech'],
    ['mech1', 'mech'],
    ['cnc1', 'cnc'],
    ['it1', 'it'],
  ] as const) {
    users[account] = (
      await ok(
        post(admin, '/api/blade-user/submit', {
          account,
          password: 'e10adc3949ba59abbe56e057f20f883e',
          name: account,
          realName: account,
          deptId: depts[dept],
          roleIds: [viewerRole],
        }),
      )
    ).id;
  }
  viewer = (await t.login('viewer', '123456', '700001')).access_token;
});
afterAll(() => t.close());

describe('data scopes', () => {
  it('without rules a role sees every user of its tenant', async () => {
    expect(await visibleAccounts(viewer)).toEqual(['admin', 'cnc1', 'it1', 'mech1', 'viewer']);
  });

  it('each rule type limits list, detail, edit and remove, and a new grant applies on the next request', async () => {
    const self = await newDataScope({ scopeName: '本人创建', scopeType: 2 });
    const own = await newDataScope({ scopeName: '本部门', scopeType: 3 });
    const below = await newDataScope({ scopeName: '本部门及下级', scopeType: 4 });
    const custom = await newDataScope({ scopeName: '信息系', scopeType: 5, scopeValue: ` ${depts.it}, ${depts.it}` });

    await grant(viewerRole, { data: [own] });
    expect(await visibleAccounts(viewer)).toEqual(['mech1', 'viewer']);
    expect((await get(viewer, '/api/blade-user/detail', { id: users.it1! })).statusCode).toBe(404);
    expect((await post(viewer, '/api/blade-user/submit', { id: users.it1, realName: '改' })).statusCode).toBe(404);
    expect((await get(viewer, '/api/blade-user/detail', { id: users.mech1! })).statusCode).toBe(200);

    await grant(viewerRole, { data: [below] });
    expect(await visibleAccounts(viewer)).toEqual(['cnc1', 'mech1', 'viewer']);

    await grant(viewerRole, { data: [custom] });
    expect(await visibleAccounts(viewer)).toEqual(['it1']);
    const stored = await ok<{ scopeValue: string }>(get(admin, '/api/blade-system/data-scope/detail', { id: custom }));
    expect(stored.scopeValue).toBe(depts.it);

    // Users were created by the tenant admin, so "created by me" shows the viewer nothing.
    await grant(viewerRole, { data: [self] });
    expect(await visibleAccounts(viewer)).toEqual([]);

    // Several rules: their union.
    await grant(viewerRole, { data: [own, custom] });
    expect(await visibleAccounts(viewer)).toEqual(['it1', 'mech1', 'viewer']);

    const all = await newDataScope({ scopeName: '全部', scopeType: 1 });
    await grant(viewerRole, { data: [own, all] });
    expect(await visibleAccounts(viewer)).toHaveLength(5);

    // A disabled or removed rule stops limiting at once.
    await grant(viewerRole, { data: [own] });
    await ok(post(admin, '/api/blade-system/data-scope/submit', { id: own, status: 0 }));
    expect(await visibleAccounts(viewer)).toHaveLength(5);
    await ok(post(admin, '/api/blade-system/data-scope/submit', { id: own, status: 1 }));
    expect(await visibleAccounts(viewer)).toHaveLength(2);
    await grant(viewerRole, {});
  });

  it('checks every rule against the resource it names', async () => {
    const submit = (body: object) =>
      post(admin, '/api/blade-system/data-scope/submit', { menuId: USER_MENU, scopeName: 'x', ...body });
    expect((await submit({ resourceCode: 'role', scopeType: 3 })).json().msg).toBe('该资源不支持数据权限');
    expect((await submit({ resourceCode: 'user', scopeType: 5 })).json().msg).toBe('自定义数据权限请选择可见的部门');
    expect((await submit({ resourceCode: 'user', scopeType: 5, scopeValue: '1; drop table x' })).json().msg).toBe(
      '所选部门不存在',
    );
    expect((await submit({ resourceCode: 'user', scopeType: 9 })).json().msg).toBe('请选择权限类型');
    expect((await submit({ resourceCode: 'user', scopeType: 3, menuId: '1161' })).json().msg).toBe(
      '所选菜单不存在或不是页面菜单',
    );
    const otherDept = (
      await ok(post(otherAdmin, '/api/blade-system/dept/submit', { deptName: '外校', deptCategory: 1 }))
    ).id;
    expect((await submit({ resourceCode: 'user', scopeType: 5, scopeValue: otherDept })).statusCode).toBe(400);
    const resources = await ok<{ code: string; types: number[] }[]>(
      get(admin, '/api/blade-system/data-scope/resources'),
    );
    expect(resources.find((r) => r.code === 'user')?.types).toEqual([1, 2, 3, 4, 5]);
  });

  it("another tenant's scopes are invisible and cannot be granted", async () => {
    const mine = await newDataScope({ scopeName: '本部门', scopeType: 3 });
    const list = await ok<{ records: { id: string }[] }>(get(otherAdmin, '/api/blade-system/data-scope/list'));
    expect(list.records.map((r) => r.id)).not.toContain(mine);
    const theirRole = await createRole(t.db, '700002', 'r2');
    const res = await post(otherAdmin, '/api/blade-system/role/grant', {
      roleIds: [theirRole],
      menuIds: [],
      dataScopeIds: [mine],
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('API scopes', () => {
  const declare = async (scopePath: string) =>
    (
      await ok(
        post(admin, '/api/blade-system/api-scope/submit', {
          menuId: USER_MENU,
          resourceCode: 'user',
          scopeName: '用户接口',
          scopePath,
        }),
      )
    ).id;

  it('once a tenant declares a path, only roles granted the scope may call it; other tenants are untouched', async () => {
    expect((await get(viewer, '/api/blade-user/page')).statusCode).toBe(200);
    const scope = await declare('/api/blade-user/**');
    expect((await get(viewer, '/api/blade-user/page')).statusCode).toBe(403);
    expect((await get(viewer, '/api/blade-user/detail', { id: users.mech1! })).statusCode).toBe(403);
    expect((await get(viewer, '/api/blade-user/info')).statusCode).toBe(403);
    // The route pattern is matched, so spelling the URL differently changes nothing.
    expect((await t.as(viewer, { method: 'GET', url: '/api/blade-user//page?x=1' })).statusCode).not.toBe(200);
    expect((await t.as(viewer, { method: 'GET', url: '/api/blade-user/page/' })).statusCode).not.toBe(200);
    // Paths the scope does not cover keep working.
    expect((await get(viewer, '/api/blade-system/menu/routes')).statusCode).toBe(200);
    // Whoever declares a scope keeps it; the superuser and other tenants are not affected.
    expect((await get(admin, '/api/blade-user/page')).statusCode).toBe(200);
    expect((await get(platform, '/api/blade-user/page')).statusCode).toBe(200);
    expect((await get(otherAdmin, '/api/blade-user/page')).statusCode).toBe(200);

    await grant(viewerRole, { api: [scope] });
    expect((await get(viewer, '/api/blade-user/page')).statusCode).toBe(200);
    const keys = await ok<{ apiScope: string[] }>(
      get(admin, '/api/blade-system/menu/role-tree-keys', { roleIds: viewerRole }),
    );
    expect(keys.apiScope).toEqual([scope]);

    await grant(viewerRole, {});
    await ok(post(admin, '/api/blade-system/api-scope/submit', { id: scope, scopePath: '/api/blade-user/page' }));
    expect((await get(viewer, '/api/blade-user/detail', { id: users.mech1! })).statusCode).toBe(200);
    expect((await get(viewer, '/api/blade-user/page')).statusCode).toBe(403);
    await ok(post(admin, `/api/blade-system/api-scope/remove?ids=${scope}`));
    expect((await get(viewer, '/api/blade-user/page')).statusCode).toBe(200);
  });

  it('only a holder of a scope may grant it', async () => {
    const scope = await declare('/api/blade-user/detail');
    const granter = await createRole(t.db, '700001', 'granter', ['role', 'role_grant']);
    await createUser(t.db, { tenantId: '700001', account: 'granter', password: 'granter-pw', roleIds: [granter] });
    const token = (await t.login('granter', 'granter-pw', '700001')).access_token;
    const give = () =>
      post(token, '/api/blade-system/role/grant', { roleIds: [granter], menuIds: [], apiScopeIds: [scope] });
    expect((await give()).statusCode).toBe(403);
    const tree = await ok<{ apiScope: unknown[] }>(get(token, '/api/blade-system/menu/grant-tree'));
    expect(tree.apiScope).toEqual([]);
    const held = await ok<{ menu: string[] }>(
      get(admin, '/api/blade-system/menu/role-tree-keys', { roleIds: granter }),
    );
    await ok(
      post(admin, '/api/blade-system/role/grant', { roleIds: [granter], menuIds: held.menu, apiScopeIds: [scope] }),
    );
    expect((await give()).statusCode).toBe(200);
    await ok(post(admin, `/api/blade-system/api-scope/remove?ids=${scope}`));
  });

  it('refuses paths that are not API paths or use wildcards in the middle', async () => {
    for (const scopePath of ['/etc/passwd', '/api/../x', '/api/a/**/b', 'api/x', '/api/x*']) {
      const res = await post(admin, '/api/blade-system/api-scope/submit', {
        menuId: USER_MENU,
        resourceCode: 'user',
        scopeName: 'x',
        scopePath,
      });
      expect(res.statusCode, scopePath).toBe(400);
    }
  });
});

describe('granting scopes', () => {
  it('a granter limited on a resource can hand out only a non-empty subset of their own rules there', async () => {
    const own = await newDataScope({ scopeName: '本部门', scopeType: 3 });
    const below = await newDataScope({ scopeName: '本部门及下级', scopeType: 4 });
    const limitedRole = await createRole(t.db, '700001', 'limited', [
      'system',
      'user',
      'user_view',
      'user_role',
      'role',
      'role_grant',
    ]);
    await grant(limitedRole, { data: [own] }, undefined);
    await ok(
      post(admin, '/api/blade-user/submit', {
        account: 'limited',
        password: 'e10adc3949ba59abbe56e057f20f883e',
        name: 'limited',
        realName: 'limited',
        deptId: depts.mech,
        roleIds: [limitedRole],
      }),
    );
    const limited = (await t.login('limited', '123456', '700001')).access_token;
    const target = await createRole(t.db, '700001', 'target', []);

    const wider = await post(limited, '/api/blade-system/role/grant', {
      roleIds: [target],
      menuIds: [],
      dataScopeIds: [below],
    });
    expect(wider.statusCode).toBe(403);
    const unlimited = await post(limited, '/api/blade-system/role/grant', { roleIds: [target], menuIds: [] });
    expect(unlimited.statusCode).toBe(403);
    const same = await post(limited, '/api/blade-system/role/grant', {
      roleIds: [target],
      menuIds: [],
      dataScopeIds: [own],
    });
    expect(same.statusCode).toBe(200);

    // Giving roles to users follows the same rule: the roles given together must not see more than the giver.
    const free = await createRole(t.db, '700001', 'free', []);
    expect((await post(limited, '/api/blade-user/grant', { userIds: [users.it1], roleIds: [free] })).statusCode).toBe(
      404,
    );
    expect((await post(limited, '/api/blade-user/grant', { userIds: [users.mech1], roleIds: [free] })).statusCode).toBe(
      403,
    );
    // mech1 holds 用户管理 → 编辑, which the granter does not: nobody acts on a user above them.
    const above = await post(limited, '/api/blade-user/grant', { userIds: [users.mech1], roleIds: [target] });
    expect(above.statusCode).toBe(403);
    const mech2 = await ok(
      post(admin, '/api/blade-user/submit', {
        account: 'mech2',
        password: 'e10adc3949ba59abbe56e057f20f883e',
        name: 'mech2',
        realName: 'mech2',
        deptId: depts.mech,
        roleIds: [target],
      }),
    );
    expect((await post(limited, '/api/blade-user/grant', { userIds: [mech2.id], roleIds: [target] })).statusCode).toBe(
      200,
    );
  });

  it('the grant dialog lists scopes under their menus and role-tree-keys returns what is granted', async () => {
    const own = await newDataScope({ scopeName: '树中的规则', scopeType: 3 });
    await grant(viewerRole, { data: [own] });
    const tree = await ok<{ dataScope: { title: string; children?: { title: string }[] }[] }>(
      get(admin, '/api/blade-system/menu/grant-tree'),
    );
    const text = JSON.stringify(tree.dataScope);
    expect(text).toContain('系统管理');
    expect(text).toContain('用户管理');
    expect(text).toContain('树中的规则');
    const keys = await ok<{ dataScope: string[] }>(
      get(admin, '/api/blade-system/menu/role-tree-keys', { roleIds: viewerRole }),
    );
    expect(keys.dataScope).toEqual([own]);
    const theirs = await ok<{ dataScope: unknown[] }>(get(otherAdmin, '/api/blade-system/menu/grant-tree'));
    expect(JSON.stringify(theirs.dataScope)).not.toContain('树中的规则');
    await grant(viewerRole, {});
  });

  it('a scope keeper without menu or dept rights still gets the pages they hold and the dept tree to pick from', async () => {
    const keeperRole = await createRole(t.db, '700001', 'keeper', [
      'authority',
      'data_scope',
      'data_scope_view',
      'data_scope_add',
      'api_scope',
      'api_scope_view',
    ]);
    await createUser(t.db, { tenantId: '700001', account: 'keeper', password: 'keeper-pw', roleIds: [keeperRole] });
    const keeper = (await t.login('keeper', 'keeper-pw', '700001')).access_token;
    const pages = await ok<{ code: string; children?: { code: string }[] }[]>(
      get(keeper, '/api/blade-system/menu/menu-list'),
    );
    expect(pages.map((m) => [m.code, m.children?.map((c) => c.code)])).toEqual([
      ['authority', ['data_scope', 'api_scope']],
    ]);
    const depts = await ok<{ title: string }[]>(get(keeper, '/api/blade-system/dept/tree'));
    expect(depts.map((d) => d.title)).toEqual(['学校']);
    // Without the codes neither picker answers.
    const bareRole = await createRole(t.db, '700001', 'bare', ['authority']);
    await createUser(t.db, { tenantId: '700001', account: 'bare', password: 'bare-pw', roleIds: [bareRole] });
    const bare = (await t.login('bare', 'bare-pw', '700001')).access_token;
    expect((await get(bare, '/api/blade-system/menu/menu-list')).statusCode).toBe(403);
    expect((await get(bare, '/api/blade-system/dept/tree')).statusCode).toBe(403);
  });

  it('401 and 403 on the scope endpoints', async () => {
    const nobodyRole = await createRole(t.db, '700001', 'nobody');
    await createUser(t.db, { tenantId: '700001', account: 'nobody', password: 'nobody-pw', roleIds: [nobodyRole] });
    const nobody = (await t.login('nobody', 'nobody-pw', '700001')).access_token;
    const url = '/api/blade-system/data-scope/resources';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(nobody, url)).statusCode).toBe(403);
  });
});
