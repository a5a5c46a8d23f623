import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db/ids.ts';
import { menu } from '../../../db/schema/index.ts';
import { ACADEMIC_SEED } from '../../../seed/academic-demo.ts';
import { createRole, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data as MenuNode[];
};

describe('menu routes and buttons', () => {
  it('gives the administrator the whole category-1 tree, with the shape Saber reads', async () => {
    const { access_token } = await t.login('admin', 'admin');
    const routes = await get(access_token, '/api/blade-system/menu/routes');
    const system = routes.find((m) => m.code === 'system')!;
    expect(system).toMatchObject({ parentId: '0', name: '系统管理', path: '/system', category: 1, hasChildren: true });
    expect(system.children?.map((c) => c.path)).toContain('/system/param');
    expect(JSON.stringify(routes)).not.toContain('"category":2');

    const buttons = await get(access_token, '/api/blade-system/menu/buttons');
    expect(flattenPermissions(buttons)).toMatchObject({
      param_add: true,
      param_view: true,
      param_edit: true,
      param_delete: true,
    });
  });

  it('gives a role only what it was granted, with the ancestors needed to reach it', async () => {
    const role = await createRole(t.db, '000000', 'param-reader', ['param', 'param_view']);
    await createUser(t.db, { tenantId: '000000', account: 'reader', password: 'reader-pass', roleIds: [role] });
    const { access_token } = await t.login('reader', 'reader-pass');
    const routes = await get(access_token, '/api/blade-system/menu/routes');
    expect(routes.map((r) => r.code)).toEqual(['system']);
    expect(routes[0]?.children?.map((c) => c.code)).toEqual(['param']);
    expect(flattenPermissions(await get(access_token, '/api/blade-system/menu/buttons'))).toEqual({ param_view: true });
  });

  it('a role with no grants sees an empty menu and no buttons; anonymous callers get 401', async () => {
    const role = await createRole(t.db, '000000', 'empty');
    await createUser(t.db, { tenantId: '000000', account: 'empty', password: 'empty-pass', roleIds: [role] });
    const { access_token } = await t.login('empty', 'empty-pass');
    expect(await get(access_token, '/api/blade-system/menu/routes')).toEqual([]);
    expect(await get(access_token, '/api/blade-system/menu/buttons')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/routes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/buttons' })).statusCode).toBe(401);
  });

  it('shows a page with a roles list only to those roles, the superuser included (我的班级 is for students)', async () => {
    const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
    const superuser = (await t.login('admin', 'admin')).access_token;
    const adminPaths = paths(await get(superuser, '/api/blade-system/menu/routes'));
    expect(adminPaths).toContain('/exam/clazz');
    expect(adminPaths).not.toContain('/exam/my-class');

    await createUser(t.db, {
      tenantId: '000000',
      account: 'pupil',
      password: 'pupil-pass',
      roleIds: [ACADEMIC_SEED.studentRole],
    });
    const pupil = (await t.login('pupil', 'pupil-pass')).access_token;
    expect(paths(await get(pupil, '/api/blade-system/menu/routes'))).toEqual([
      '/exam',
      '/exam/my-class',
      '/course',
      '/course/my',
      '/jd/study_online/course_sub',
      '/paper',
      '/paper/my',
      '/paper/practice',
      '/paper/wrongbook',
      '/practical',
      '/practical/my',
      '/filejob',
      '/filejob/my',
    ]);

    // A group kept for one role hides what hangs below it from everyone else.
    const group = newId();
    await t.db.insert(menu).values([
      { id: group, code: 'audit', name: '审计', path: '/audit', roles: ['auditor'] },
      { id: newId(), parentId: group, code: 'audit_log', name: '审计日志', path: '/audit/log' },
    ]);
    expect(paths(await get(superuser, '/api/blade-system/menu/routes'))).not.toContain('/audit/log');
  });
});
