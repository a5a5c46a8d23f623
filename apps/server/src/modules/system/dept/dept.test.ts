import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, user } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let a: string;
let b: string;
let platform: string;
const base = '/api/blade-system/dept';
const CODES = ['dept_view', 'dept_add', 'dept_edit', 'dept_delete'];

const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url: `${base}/${path}`, query });
const ancestorsOf = async (id: string) => (await t.db.select().from(dept).where(eq(dept.id, id)))[0]!.ancestors;

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  for (const id of ['700001', '700002']) {
    await createTenant(t.db, id);
    const role = await createRole(t.db, id, 'admin', CODES);
    await createUser(t.db, { tenantId: id, account: 'admin', password: 'tenant-pw', roleIds: [role] });
  }
  a = (await t.login('admin', 'tenant-pw', '700001')).access_token;
  b = (await t.login('admin', 'tenant-pw', '700002')).access_token;
});
afterAll(() => t.close());

describe('dept tree', () => {
  it('keeps ancestors right through inserts and moves of whole subtrees', async () => {
    const school = (await submit(a, { deptName: '实训学院', deptCategory: 1 })).json().data;
    expect(school).toMatchObject({ parentId: '0', ancestors: '0', fullName: '实训学院' });
    const dep = (await submit(a, { deptName: '机电系', deptCategory: 2, parentId: school.id })).json().data;
    const group = (await submit(a, { deptName: '数控组', deptCategory: 3, parentId: dep.id })).json().data;
    expect(group.ancestors).toBe(`0,${school.id},${dep.id}`);

    const other = (await submit(a, { deptName: '信息学院', deptCategory: 1 })).json().data;
    const moved = await submit(a, { id: dep.id, parentId: other.id });
    expect(moved.json().data.ancestors).toBe(`0,${other.id}`);
    expect(await ancestorsOf(group.id)).toBe(`0,${other.id},${dep.id}`);

    // Back to the root: the subtree follows again.
    await submit(a, { id: dep.id, parentId: '0' });
    expect(await ancestorsOf(group.id)).toBe(`0,${dep.id}`);
  });

  it('refuses a parent that is the dept itself, below it, or another tenant’s', async () => {
    const top = (await submit(a, { deptName: '顶层', deptCategory: 1 })).json().data;
    const low = (await submit(a, { deptName: '下层', deptCategory: 2, parentId: top.id })).json().data;
    const cycle = await submit(a, { id: top.id, parentId: low.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('上级部门不存在，或是该部门自己及其下级');
    expect((await submit(a, { id: top.id, parentId: top.id })).statusCode).toBe(400);
    const foreign = (await submit(b, { deptName: '别家', deptCategory: 1 })).json().data;
    expect((await submit(a, { deptName: '挂错', deptCategory: 2, parentId: foreign.id })).statusCode).toBe(400);
  });

  it('lazy-list and lazy-tree give one level with hasChildren; tree gives the whole forest', async () => {
    const root = (await submit(a, { deptName: '懒加载根', deptCategory: 1, sort: 0 })).json().data;
    await submit(a, { deptName: '子部门', deptCategory: 2, parentId: root.id });
    const level = (await get(a, 'lazy-list', { parentId: '0' })).json().data;
    const row = level.find((r: { id: string }) => r.id === root.id);
    expect(row).toMatchObject({ deptName: '懒加载根', hasChildren: true });
    const kids = (await get(a, 'lazy-list', { parentId: root.id })).json().data;
    expect(kids).toEqual([expect.objectContaining({ deptName: '子部门', hasChildren: false })]);

    const lazyTree = (await get(a, 'lazy-tree', { parentId: root.id })).json().data;
    expect(lazyTree[0]).toMatchObject({ title: '子部门', parentId: root.id, hasChildren: false });
    const tree = (await get(a, 'tree')).json().data;
    const node = tree.find((n: { id: string }) => n.id === root.id);
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['子部门']);
  });

  it('never shows or accepts another tenant’s depts; only the platform superuser may name a tenant', async () => {
    const theirs = (await submit(b, { deptName: '乙校', deptCategory: 1 })).json().data;
    expect(JSON.stringify((await get(a, 'tree', { tenantId: '700002' })).json().data)).not.toContain(theirs.id);
    expect(JSON.stringify((await get(a, 'lazy-list', { parentId: theirs.id })).json().data)).toBe('[]');
    expect(JSON.stringify((await get(platform, 'tree', { tenantId: '700002' })).json().data)).toContain(theirs.id);
  });

  it('keeps depts that have children or members', async () => {
    const top = (await submit(a, { deptName: '保留', deptCategory: 1 })).json().data;
    const low = (await submit(a, { deptName: '成员部门', deptCategory: 2, parentId: top.id })).json().data;
    const rm = (ids: string) => t.as(a, { method: 'POST', url: `${base}/remove`, query: { ids } });
    expect((await rm(top.id)).json().msg).toBe('请先删除下级部门');
    const uid = await createUser(t.db, { tenantId: '700001', account: 'member', password: 'member-pw', roleIds: [] });
    await t.db.update(user).set({ deptId: low.id }).where(eq(user.id, uid));
    expect((await rm(low.id)).json().msg).toBe('部门下仍有用户，请先调整这些用户的部门');
    await t.db.update(user).set({ deptId: null }).where(eq(user.id, uid));
    expect((await rm(`${top.id},${low.id}`)).statusCode).toBe(200);
  });

  it('validates with field messages and guards every extra endpoint', async () => {
    expect((await submit(a, { deptCategory: 1 })).json().msg).toBe('请输入部门名称');
    expect((await submit(a, { deptName: 'x' })).json().msg).toBe('请选择机构类型');
    expect((await get(a, 'lazy-list', { parentId: 'abc' })).statusCode).toBe(400);
    const none = await createRole(t.db, '700001', 'none');
    await createUser(t.db, { tenantId: '700001', account: 'none', password: 'none-pw', roleIds: [none] });
    const nobody = (await t.login('none', 'none-pw', '700001')).access_token;
    for (const path of ['lazy-list', 'tree', 'lazy-tree']) {
      expect((await t.app.inject({ method: 'GET', url: `${base}/${path}` })).statusCode).toBe(401);
      expect((await get(nobody, path)).statusCode).toBe(403);
    }
    // Someone who may only look at users still gets the dept tree the user list filters by, but not the dept page.
    const viewerRole = await createRole(t.db, '700001', 'user-viewer', ['user_view']);
    await createUser(t.db, { tenantId: '700001', account: 'uv', password: 'uv-pw', roleIds: [viewerRole] });
    const viewer = (await t.login('uv', 'uv-pw', '700001')).access_token;
    expect((await get(viewer, 'tree')).statusCode).toBe(200);
    expect((await get(viewer, 'lazy-list')).statusCode).toBe(403);
  });
});
