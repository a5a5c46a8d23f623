import { flattenPermissions, type GrantTree, type MenuNode, type TreeNode } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role } from '../../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
const base = '/api/blade-system/tenant-package';

/** Seeded menu ids: 用户管理 (1008), 岗位管理 (1003) with 岗位查看 (1112), 角色管理 (1006) with 权限设置 (1145). */
const USER_PAGE = '1008';
const POST_PAGE = '1003';
const POST_VIEW = '1112';
const ROLE_PAGE = '1006';
const ROLE_GRANT = '1145';

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
});
afterAll(() => t.close());

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url, query });
const post = (token: string, url: string, payload?: object, query: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url, payload, query });

async function buttonsOf(token: string): Promise<Record<string, boolean>> {
  return flattenPermissions((await get(token, '/api/blade-system/menu/buttons')).json().data);
}

async function pagesOf(token: string): Promise<string[]> {
  const routes = (await get(token, '/api/blade-system/menu/routes')).json().data as MenuNode[];
  const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
  return codes(routes);
}

const ids = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

/** A package of 岗位管理 read-only, and a school created with it; returns the school's administrator. */
async function schoolWithPackage(name: string, menuIds = [POST_PAGE, POST_VIEW]) {
  const pkg = (await post(platform, `${base}/submit`, { packageName: name, menuIds })).json().data;
  const school = (
    await post(platform, '/api/blade-system/tenant/submit', { tenantName: `${name}学校`, packageId: pkg.id })
  ).json().data;
  const admin = (await t.login('admin', school.oneTime.password, school.tenantId)).access_token;
  return { pkg, school, admin };
}

describe('tenant packages', () => {
  it('are saved with their menus, listed, offered by select and read by the platform superuser only', async () => {
    const res = await post(platform, `${base}/submit`, { packageName: '标准版', menuIds: [USER_PAGE, POST_PAGE] });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.menuIds.sort()).toEqual([POST_PAGE, USER_PAGE].sort());
    const detail = (await get(platform, `${base}/detail`, { id: saved.id })).json().data;
    expect(detail).toMatchObject({ packageName: '标准版', menuIds: expect.arrayContaining([USER_PAGE, POST_PAGE]) });
    const options = (await get(platform, `${base}/select`)).json().data;
    expect(options).toContainEqual({ id: saved.id, packageName: '标准版' });

    const edited = await post(platform, `${base}/submit`, { id: saved.id, menuIds: [USER_PAGE] });
    expect(edited.json().data.menuIds).toEqual([USER_PAGE]);
    const renamed = await post(platform, `${base}/submit`, { id: saved.id, packageName: '标准版二' });
    expect(renamed.json().data.menuIds).toEqual([USER_PAGE]);

    const { admin } = await schoolWithPackage('只读岗位版');
    expect((await get(admin, `${base}/list`)).statusCode).toBe(403);
    expect((await get(admin, `${base}/select`)).statusCode).toBe(403);
    expect((await get('', `${base}/select`)).statusCode).toBe(401);
  });

  it('refuses unknown menus, a duplicate name, a package for the platform tenant and an unknown package', async () => {
    const unknown = await post(platform, `${base}/submit`, { packageName: '坏包', menuIds: ['999999999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('所选菜单不存在');
    await post(platform, `${base}/submit`, { packageName: '重名包' });
    const dup = await post(platform, `${base}/submit`, { packageName: '重名包' });
    expect(dup.json().msg).toBe('产品包名称已存在');

    const pkg = (await post(platform, `${base}/submit`, { packageName: '平台不可用' })).json().data;
    const platformRow = (await get(platform, '/api/blade-system/tenant/list', { tenantId: '000000' })).json().data
      .records[0];
    const onPlatform = await post(platform, '/api/blade-system/tenant/setting', undefined, {
      ids: platformRow.id,
      packageId: pkg.id,
    });
    expect(onPlatform.statusCode).toBe(400);
    expect(onPlatform.json().msg).toBe('平台租户不受产品包限制，不能为它选择产品包');
    const noSuch = await post(platform, '/api/blade-system/tenant/submit', {
      tenantName: '无包学校',
      packageId: '123456789',
    });
    expect(noSuch.json().msg).toBe('所选产品包不存在');
  });

  it("limit a school's menus, buttons, permissions and grant tree to the package", async () => {
    const { school, admin } = await schoolWithPackage('岗位查看版', [POST_PAGE, POST_VIEW, ROLE_PAGE, ROLE_GRANT]);
    expect((await pagesOf(admin)).sort()).toEqual(['post', 'role', 'system']);
    expect(await buttonsOf(admin)).toEqual({ post_view: true, role_grant: true });
    expect((await get(admin, '/api/blade-system/post/list')).statusCode).toBe(200);
    // The administrator role was given the package; what is outside it is refused by the server, not just hidden.
    expect(
      (await post(admin, '/api/blade-system/post/submit', { postCode: 'x1', postName: '教师', category: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await get(admin, '/api/blade-user/page')).statusCode).toBe(403);
    const tree = (await get(admin, '/api/blade-system/menu/grant-tree')).json().data as GrantTree;
    expect(ids(tree.menu).sort()).toEqual(['1001', POST_PAGE, POST_VIEW, ROLE_PAGE, ROLE_GRANT].sort());
    // Nor can the school's administrator hand out what the package leaves out.
    const [adminRole] = await t.db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, school.tenantId), eq(role.roleAlias, 'admin')));
    const roleId = adminRole!.id;
    const beyond = await post(admin, '/api/blade-system/role/grant', { roleIds: [roleId], menuIds: [USER_PAGE] });
    expect(beyond.statusCode).toBe(403);

    // Taking the school out of the package gives back what its roles hold (nothing more than before the package).
    const cleared = await post(platform, '/api/blade-system/tenant/setting', undefined, {
      ids: school.id,
      packageId: '0',
    });
    expect(cleared.statusCode).toBe(200);
    expect((await pagesOf(admin)).sort()).toEqual(['post', 'role', 'system']);
  });

  it('a narrower package takes effect on the next request and a role holding more keeps only the package part', async () => {
    const wide = (
      await post(platform, `${base}/submit`, { packageName: '完整版', menuIds: [USER_PAGE, POST_PAGE, POST_VIEW] })
    ).json().data;
    const school = (
      await post(platform, '/api/blade-system/tenant/submit', { tenantName: '完整学校', packageId: wide.id })
    ).json().data;
    const admin = (await t.login('admin', school.oneTime.password, school.tenantId)).access_token;
    expect(await pagesOf(admin)).toEqual(expect.arrayContaining(['user', 'post']));

    await post(platform, `${base}/submit`, { id: wide.id, menuIds: [POST_PAGE, POST_VIEW] });
    expect(await pagesOf(admin)).toEqual(['system', 'post']);
    expect(await buttonsOf(admin)).toEqual({ post_view: true });

    const detail = (await get(platform, '/api/blade-system/tenant/detail', { id: school.id })).json().data;
    expect(detail).toMatchObject({ packageId: wide.id, packageName: '完整版' });
  });

  it('a package in use cannot be removed; once no school uses it, it can', async () => {
    const { pkg, school } = await schoolWithPackage('在用版');
    const refused = await post(platform, `${base}/remove`, undefined, { ids: pkg.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('产品包正被租户使用，请先为这些租户更换产品包：在用版学校');
    await post(platform, '/api/blade-system/tenant/setting', undefined, { ids: school.id, packageId: '0' });
    expect((await post(platform, `${base}/remove`, undefined, { ids: pkg.id })).statusCode).toBe(200);
    expect((await get(platform, `${base}/detail`, { id: pkg.id })).statusCode).toBe(404);
  });
});
