import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/db/ids.ts';
import { school, teacher } from '../../db/schema/index.ts';
import { modules } from '../../modules/registry.ts';
import { type WalkEnv, walkEnv, walkResources } from '../conformance-walk.ts';
import { createRole, createUser } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { lessonPlanModule } from './index.ts';
import { lessonPlanMenus } from './lesson-plan.menus.ts';
import { lessonPlanPermissionResource, lessonPlanResource } from './lesson-plan.resource.ts';
import { LESSON_PLAN_DDL } from './lesson-plan.tables.ts';

/**
 * A newcomer's path, shown whole: the module in ./ (a shareable resource, its policy, one typed route, one menu) is
 * added to the list of modules in one line, and it is mounted, its menu and buttons seeded, and its resources walked by
 * the conformance checks every module's resources get.
 */
const withExample = [...modules, lessonPlanModule];

let t: TestApp;
const env = {} as WalkEnv;
const fixtures = { planId: '', schoolIds: [] as string[] };
let serial = 0;

beforeAll(async () => {
  t = await startTestApp({ modules: withExample });
  for (const statement of LESSON_PLAN_DDL.split(';').filter((x) => x.trim())) await t.db.execute(sql.raw(statement));
  Object.assign(env, await walkEnv(t, lessonPlanModule.resources!));
  for (let i = 0; i < 4; i++) {
    const id = newId();
    await t.db.insert(school).values({ id, tenantId: '400001', name: `共享学校${i}`, code: `s${i}` });
    fixtures.schoolIds.push(id);
  }
  const plan = await t.as(env.tenantAdmin['400001']!, {
    method: 'POST',
    url: '/api/jd/pc/lesson_plan/submit',
    payload: { title: '样例教案' },
  });
  fixtures.planId = plan.json().data.id;
});
afterAll(() => t.close());

describe('a module added to the list', () => {
  it('appears with its menu and its permission buttons', async () => {
    const get = async (url: string) => (await t.as(env.admin, { method: 'GET', url })).json().data as MenuNode[];
    const bank = (await get('/api/blade-system/menu/routes')).find((m) => m.code === 'question_bank')!;
    expect(bank.children?.find((c) => c.code === 'lesson_plan')).toMatchObject({
      name: '教案',
      path: '/question/lesson-plan',
    });
    expect(flattenPermissions(await get('/api/blade-system/menu/buttons'))).toMatchObject({
      lesson_plan_add: true,
      lesson_plan_view: true,
      lesson_plan_edit: true,
      lesson_plan_delete: true,
      lesson_plan_quote: true,
      lesson_plan_permission_add: true,
    });
  });

  it('is shareable by its declaration: shared to read, it is read and quoted but not changed', async () => {
    const owner = env.tenantAdmin['400001']!;
    const codes = lessonPlanMenus.map((m) => m.code);
    const roleIds = [await createRole(t.db, '400001', 'lesson-teacher', codes)];
    const colleagueId = await createUser(t.db, {
      tenantId: '400001',
      account: 'colleague',
      password: 'pw-pw-pw',
      roleIds,
    });
    await t.db.insert(teacher).values({ id: newId(), tenantId: '400001', userId: colleagueId });
    const colleague = (await t.login('colleague', 'pw-pw-pw', '400001')).access_token;
    const call = (token: string, method: 'GET' | 'POST', url: string, body?: object) =>
      t.as(token, {
        method,
        url: `/api/jd/pc/${url}`,
        ...(method === 'GET' ? { query: body as never } : { payload: body }),
      });

    const plan = (await call(owner, 'POST', 'lesson_plan/submit', { title: '第一课', body: '<p>导入</p>' })).json()
      .data;
    expect(plan).toMatchObject({ access: 'own', ownerName: 'admin' });
    expect((await call(colleague, 'GET', 'lesson_plan/detail', { id: plan.id })).statusCode).toBe(404);

    const share = await call(owner, 'POST', 'lesson_plan_permission/submit', {
      planId: plan.id,
      granteeType: 'teacher',
      granteeId: colleagueId,
      access: 'read',
    });
    expect(share.json().data.granteeName).toBe('colleague');
    const again = await call(owner, 'POST', 'lesson_plan_permission/submit', {
      planId: plan.id,
      granteeType: 'teacher',
      granteeId: colleagueId,
      access: 'edit',
    });
    expect(again.json().msg).toBe('已共享给这位教师或这所学校，请修改原有的共享');

    expect((await call(colleague, 'GET', 'lesson_plan/detail', { id: plan.id })).json().data.access).toBe('read');
    const shared = (await call(colleague, 'GET', 'lesson_plan/shared_lesson_plan_list')).json().data.records;
    expect(shared.map((r: { id: string }) => r.id)).toEqual([plan.id]);
    const edit = await call(colleague, 'POST', 'lesson_plan/submit', { id: plan.id, title: '改' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe('您对该内容只有查看权限，不能修改');
    const reshare = await call(colleague, 'POST', 'lesson_plan_permission/submit', {
      planId: plan.id,
      granteeType: 'school',
      granteeId: fixtures.schoolIds[0],
      access: 'read',
    });
    expect(reshare.statusCode).toBe(403);

    const quoted = (await call(colleague, 'POST', 'lesson_plan/quote', { id: plan.id, title: '我的第一课' })).json();
    expect(quoted.data).toMatchObject({ title: '我的第一课', sourceId: plan.id });
    await call(colleague, 'POST', 'lesson_plan/submit', { id: quoted.data.id, body: '<p>我的版本</p>' });
    expect((await call(owner, 'GET', 'lesson_plan/detail', { id: plan.id })).json().data.body).toBe('<p>导入</p>');
    expect((await call(colleague, 'POST', 'lesson_plan/quote', { id: '1234567890123' })).statusCode).toBe(404);

    const publish = await call(colleague, 'POST', 'lesson_plan/submit', { id: quoted.data.id, isPublic: 1 });
    expect(publish.statusCode).toBe(200);
    const pub = (await call(owner, 'GET', 'lesson_plan/publicLib_page')).json().data.records;
    expect(pub.map((r: { id: string; access: string }) => [r.id, r.access])).toEqual([[quoted.data.id, 'public']]);
    const remove = (token: string) =>
      t.as(token, { method: 'POST', url: '/api/jd/pc/lesson_plan/remove', query: { ids: plan.id } });
    expect((await remove(colleague)).json().msg).toBe('您对该内容只有查看权限，不能修改');
    await call(owner, 'POST', 'lesson_plan_permission/submit', { id: share.json().data.id, access: 'edit' });
    expect((await call(colleague, 'POST', 'lesson_plan/submit', { id: plan.id, title: '改' })).statusCode).toBe(200);
    expect((await remove(colleague)).json().msg).toBe('只有创建者才能发布、共享或删除');
    expect((await remove(owner)).statusCode).toBe(200);
    expect((await call(colleague, 'GET', 'lesson_plan_permission/list', { planId: plan.id })).json().data.total).toBe(
      0,
    );
  });
});

walkResources(
  [lessonPlanResource, lessonPlanPermissionResource],
  {
    lesson_plan: { valid: () => ({ title: `教案${serial++}`, body: '<p>目标</p>' }), invalid: { title: '' } },
    lesson_plan_permission: {
      valid: () => ({
        planId: fixtures.planId,
        granteeType: 'school',
        granteeId: fixtures.schoolIds[serial++ % fixtures.schoolIds.length],
        access: 'read',
      }),
      invalid: { planId: fixtures.planId, granteeType: 'class', granteeId: 'x', access: 'own' },
    },
  },
  env,
);
