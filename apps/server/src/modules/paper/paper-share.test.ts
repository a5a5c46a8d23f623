import type { PaperView } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, paperPermission, role, roleMenu, setting } from '../../db/schema/index.ts';
import { grantArrivals } from '../../seed/upgrade.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, addTeacher, schoolWithClasses, teachingTenant } from '../academic/academic.fixtures.ts';
import { PAPER_SHARES_GRANTED } from './paper.api.ts';
import { PAPER_SHARE_CODES } from './paper.menus.ts';

let t: TestApp;
const T = '580001';
const OTHER = '580002';
let admin: string;
/** wang owns the papers; li is shared with directly; zhang through the school; stranger teaches in another tenant. */
let wang: string;
let wangUserId: string;
let li: string;
let liUserId: string;
let zhang: string;
let zhangUserId: string;
let zhangTeacherId: string;
let strangerUserId: string;
let stranger: string;
let schoolId: string;
let otherSchoolId: string;
let q: { single: string; short: string; judge: string };

type Method = 'GET' | 'POST' | 'DELETE';
const call = (
  token: string,
  method: Method,
  url: string,
  opts: { query?: object; payload?: object; lang?: string } = {},
) =>
  t.as(token, {
    method,
    url,
    query: opts.query as Record<string, string>,
    payload: opts.payload,
    headers: { 'accept-language': opts.lang ?? 'zh' },
  });
async function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function refused(res: LightMyRequestResponse, status: number, msg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (msg) expect(res.json().msg).toBe(msg);
}
const exam = (path: string) => `/api/exam/pc/paper/${path}`;
const jd = (path: string) => `/api/jd/pc/${path}`;

const READ_ONLY = '这是其他教师的试卷，您只能查看或引用';
const OWNER_ONLY = '只有试卷的创建者才能发布、共享或删除试卷';

/** A paper of wang's with one section holding the single-choice and the short-answer question. */
async function sharedPaper(title: string) {
  const paperId = (await data(await call(wang, 'POST', exam('save'), { payload: { title, paperType: 'exam' } })))
    .id as string;
  const sectionId = (
    await data(await call(wang, 'POST', exam('title/save'), { payload: { paperId, name: '一、选择题' } }))
  ).id as string;
  await data(
    await call(wang, 'POST', exam('title/importQuestion'), {
      payload: { paperId, titleId: sectionId, questionIds: [q.single, q.short] },
    }),
  );
  return { paperId, sectionId };
}
const share = (token: string, payload: object, lang?: string) =>
  call(token, 'POST', jd('paper_permission/submit'), { payload, lang });
const shareId = async (payload: object) => (await data(await share(wang, payload))).id as string;
const unshare = (token: string, id: string) =>
  call(token, 'POST', jd('paper_permission/remove'), { query: { ids: id } });
const detail = (token: string, id: string) => call(token, 'GET', exam(`get/${id}`));
const idsOf = async (res: LightMyRequestResponse) => ((await data(res)).records as { id: string }[]).map((r) => r.id);

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  ({ schoolId } = await schoolWithClasses(t, admin, 'ps'));
  await addTeacher(t, admin, 'wang', '王老师');
  await addTeacher(t, admin, 'li', '李老师');
  zhangTeacherId = await addTeacher(t, admin, 'zhang', '张老师');
  const logins = {
    wang: await t.login('wang', '123456', T),
    li: await t.login('li', '123456', T),
    zhang: await t.login('zhang', '123456', T),
  };
  [wang, wangUserId] = [logins.wang.access_token, logins.wang.user_id];
  [li, liUserId] = [logins.li.access_token, logins.li.user_id];
  [zhang, zhangUserId] = [logins.zhang.access_token, logins.zhang.user_id];
  const otherAdmin = await teachingTenant(t, OTHER);
  ({ schoolId: otherSchoolId } = await schoolWithClasses(t, otherAdmin, 'other'));
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  const strangerLogin = await t.login('zhao', '123456', OTHER);
  [stranger, strangerUserId] = [strangerLogin.access_token, strangerLogin.user_id];

  const libId = (await data(await call(wang, 'POST', jd('question_lib/submit'), { payload: { name: '机械基础' } }))).id;
  const save = async (payload: object) =>
    (await data(await call(wang, 'POST', '/api/exam/pc/question/save', { payload: { libId, ...payload } })))
      .id as string;
  q = {
    single: await save({
      type: 'single',
      stem: '<p>公差带的位置由什么确定？</p>',
      items: [
        { content: '基本偏差', isAnswer: 1 },
        { content: '标准公差', isAnswer: 0 },
      ],
      score: 2,
    }),
    short: await save({
      type: 'short',
      stem: '<p>简述游标卡尺的读数方法。</p>',
      answer: '<p>主尺加游标。</p>',
      score: 4,
    }),
    judge: await save({ type: 'judge', stem: '<p>钢比铝重。</p>', answer: 'T', score: 1 }),
  };
  // The bank's questions are wang's: a paper's editor adds what they may read, so li gets the library to read.
  await data(
    await call(wang, 'POST', jd('question_lib_permission/submit'), {
      payload: { libId, granteeType: 'teacher', granteeId: liUserId, access: 'read' },
    }),
  );
});
afterAll(() => t.close());

describe('a paper shared with a teacher', () => {
  it('to read: they read, preview, download and quote it, and change nothing', async () => {
    const { paperId, sectionId } = await sharedPaper('期中考试');
    await refused(await detail(li, paperId), 404);

    const made = await data(
      await share(wang, { paperId, granteeType: 'teacher', granteeId: liUserId, access: 'read' }),
    );
    expect(made).toMatchObject({ paperId, granteeType: 'teacher', granteeId: liUserId, access: 'read' });
    expect(made.granteeName).toBe('李老师');
    const again = { paperId, granteeType: 'teacher', granteeId: liUserId, access: 'edit' };
    await refused(await share(wang, again), 400, '该试卷已共享给这位教师或这所学校，请修改原有的共享');
    await refused(
      await share(wang, again, 'en'),
      400,
      'The paper is already shared with this teacher or school; change that share instead',
    );
    await refused(
      await share(wang, { paperId, granteeType: 'teacher', granteeId: wangUserId, access: 'read' }),
      400,
      '不能把试卷共享给自己',
    );
    const owned = await data(await call(wang, 'GET', jd('paper_permission/list'), { query: { paperId } }));
    expect(owned.records.map((r: { granteeName: string }) => r.granteeName)).toEqual(['李老师']);

    // What li sees: the paper, marked read-only, in 全部 and 共享给我 but not in 我的.
    expect(await data(await detail(li, paperId))).toMatchObject({ access: 'read', ownerName: '王老师' });
    expect(await idsOf(await call(li, 'GET', exam('page'), { query: { size: '200' } }))).toContain(paperId);
    expect(await idsOf(await call(li, 'GET', jd('paper/shared_paper_list')))).toContain(paperId);
    expect(await idsOf(await call(li, 'GET', jd('paper/my_paper_list')))).not.toContain(paperId);
    expect(await idsOf(await call(wang, 'GET', jd('paper/shared_paper_list')))).not.toContain(paperId);

    const view = (await data(await call(li, 'GET', exam(`title/tree/${paperId}`)))) as PaperView;
    expect(view.answers).toBe(false);
    expect(view.sections[0]!.questions).toHaveLength(2);
    const preview = await call(li, 'GET', exam(`paper/0/0/${paperId}`), { query: { answers: '1' } });
    expect((await data(preview)).answers).toBe(false);
    expect(preview.body).not.toContain('主尺加游标');
    const word = await call(li, 'GET', exam(`download/${paperId}`), { query: { answers: '1' } });
    expect(word.statusCode).toBe(200);
    const quoted = await data(await call(li, 'POST', jd('paper/quote'), { payload: { id: paperId } }));
    expect(quoted).toMatchObject({ access: 'own', sourceId: paperId, questionCount: 2 });

    // Readable is not changeable.
    await refused(await call(li, 'POST', exam('save'), { payload: { id: paperId, title: '改' } }), 403, READ_ONLY);
    await refused(
      await call(li, 'POST', exam('title/save'), { payload: { titleId: sectionId, paperId, name: '改' } }),
      403,
      READ_ONLY,
    );
    await refused(
      await call(li, 'POST', exam('title/importQuestion'), {
        payload: { paperId, titleId: sectionId, questionIds: [q.judge] },
      }),
      403,
      READ_ONLY,
    );
    const rows = view.sections[0]!.questions.map((x) => x.id);
    await refused(
      await call(li, 'POST', jd('paper_question/update_batch'), { payload: { ids: rows, score: 5 } }),
      403,
      READ_ONLY,
    );
    await refused(await call(li, 'DELETE', exam(`delete/${paperId}`)), 403, READ_ONLY);
    // Sharing stays the owner's: li sees none of the shares and may not add one.
    await refused(
      await share(li, { paperId, granteeType: 'teacher', granteeId: wangUserId, access: 'read' }),
      403,
      OWNER_ONLY,
    );
    expect((await data(await call(li, 'GET', jd('paper_permission/list'), { query: { paperId } }))).total).toBe(0);
    await refused(await unshare(li, made.id), 404);
  });

  it('to edit: they change its settings, sections and questions, but neither publish, delete nor share it', async () => {
    const { paperId, sectionId } = await sharedPaper('单元测验');
    const id = await shareId({ paperId, granteeType: 'teacher', granteeId: liUserId, access: 'edit' });
    expect(await data(await detail(li, paperId))).toMatchObject({ access: 'edit', ownerName: '王老师' });
    expect(await idsOf(await call(li, 'GET', jd('paper/shared_paper_list')))).toContain(paperId);

    await data(
      await call(li, 'POST', exam('save'), { payload: { id: paperId, title: '单元测验（修订）', duration: 45 } }),
    );
    await data(
      await call(li, 'POST', exam('title/save'), { payload: { titleId: sectionId, paperId, name: '一、单项选择题' } }),
    );
    const second = (
      await data(await call(li, 'POST', exam('title/save'), { payload: { paperId, name: '二、判断题' } }))
    ).id as string;
    await data(
      await call(li, 'POST', exam('title/importQuestion'), {
        payload: { paperId, titleId: second, questionIds: [q.judge] },
      }),
    );
    let view = (await data(await call(li, 'GET', exam(`title/tree/${paperId}`)))) as PaperView;
    // Those who may change a paper see its key in the editor.
    expect(view.answers).toBe(true);
    const rows = view.sections[0]!.questions.map((x) => x.id);
    await data(await call(li, 'POST', jd('paper_question/update_batch'), { payload: { ids: rows, score: 5 } }));
    await data(
      await call(li, 'POST', jd('paper_question/submit'), {
        payload: { id: view.sections[1]!.questions[0]!.id, score: 2 },
      }),
    );
    view = (await data(await call(wang, 'GET', exam(`title/tree/${paperId}`)))) as PaperView;
    expect(view.paper).toMatchObject({ title: '单元测验（修订）', duration: 45, totalScore: 12 });
    expect(view.sections.map((s) => [s.name, s.score])).toEqual([
      ['一、单项选择题', 10],
      ['二、判断题', 2],
    ]);

    // Publishing, deleting and sharing stay the owner's.
    await refused(await call(li, 'POST', exam('save'), { payload: { id: paperId, isPublic: 1 } }), 403, OWNER_ONLY);
    await refused(await call(li, 'DELETE', exam(`delete/${paperId}`)), 403, OWNER_ONLY);
    await refused(await call(li, 'POST', jd('paper/remove'), { query: { ids: paperId } }), 403, OWNER_ONLY);
    await refused(
      await share(li, { paperId, granteeType: 'school', granteeId: schoolId, access: 'read' }),
      403,
      OWNER_ONLY,
    );
    await refused(await call(li, 'POST', jd('paper_permission/submit'), { payload: { id, access: 'read' } }), 404);
    await refused(await unshare(li, id), 404);
    expect((await data(await detail(wang, paperId))).isPublic).toBe(0);

    // Taken back, the paper is gone for li, as if it did not exist.
    await data(await unshare(wang, id));
    await refused(await detail(li, paperId), 404);
    await refused(await call(li, 'GET', exam(`title/tree/${paperId}`)), 404);
    await refused(
      await call(li, 'POST', exam('title/save'), { payload: { paperId, name: '三' } }),
      400,
      '所选试卷不存在',
    );
    expect(await idsOf(await call(li, 'GET', jd('paper/shared_paper_list')))).not.toContain(paperId);
  });
});

describe('a paper shared with a school', () => {
  it('reaches the teachers related to that school, the strongest share winning', async () => {
    const { paperId, sectionId } = await sharedPaper('学校共享');
    const bySchool = await shareId({ paperId, granteeType: 'school', granteeId: schoolId, access: 'read' });
    // zhang teaches nowhere yet.
    await refused(await detail(zhang, paperId), 404);
    await academicApi(t, admin).call('PUT', `teacher/relas/${zhangTeacherId}`, {
      payload: { teacherId: zhangTeacherId, teacherName: '张老师', selectedRelas: [schoolId] },
    });
    expect((await data(await detail(zhang, paperId))).access).toBe('read');
    const rename = { titleId: sectionId, paperId, name: '一、选择（张）' };
    await refused(await call(zhang, 'POST', exam('title/save'), { payload: rename }), 403, READ_ONLY);

    await data(await share(wang, { id: bySchool, access: 'edit' }));
    expect((await data(await detail(zhang, paperId))).access).toBe('edit');
    await data(await call(zhang, 'POST', exam('title/save'), { payload: rename }));
    await refused(await call(zhang, 'DELETE', exam(`delete/${paperId}`)), 403, OWNER_ONLY);

    // A read share of his own does not weaken the school's edit share.
    const byTeacher = await shareId({ paperId, granteeType: 'teacher', granteeId: zhangUserId, access: 'read' });
    expect((await data(await detail(zhang, paperId))).access).toBe('edit');
    await data(await unshare(wang, bySchool));
    expect((await data(await detail(zhang, paperId))).access).toBe('read');
    await data(await unshare(wang, byTeacher));
    await refused(await detail(zhang, paperId), 404);
  });

  it('goes with the paper when it is deleted', async () => {
    const { paperId } = await sharedPaper('删除');
    const id = await shareId({ paperId, granteeType: 'school', granteeId: schoolId, access: 'edit' });
    await data(await call(wang, 'DELETE', exam(`delete/${paperId}`)));
    const [row] = await t.db.select().from(paperPermission).where(eq(paperPermission.id, id));
    expect(row!.isDeleted).toBe(1);
    await refused(await call(wang, 'GET', jd('paper_permission/detail'), { query: { id } }), 404);
    await refused(await detail(zhang, paperId), 404);
  });
});

describe('what a share may name', () => {
  it("another tenant's paper, teacher or school answers like a missing one", async () => {
    const { paperId } = await sharedPaper('本租户');
    const missing = await share(stranger, {
      paperId: '1234567890123',
      granteeType: 'teacher',
      granteeId: strangerUserId,
      access: 'read',
    });
    await refused(missing, 400, '所选试卷不存在');
    const theirs = await share(stranger, {
      paperId,
      granteeType: 'teacher',
      granteeId: strangerUserId,
      access: 'read',
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual(missing.json());
    const id = await shareId({ paperId, granteeType: 'teacher', granteeId: liUserId, access: 'read' });
    const unknown = await unshare(stranger, '1234567890123456789');
    expect(unknown.statusCode).toBe(404);
    expect((await unshare(stranger, id)).json()).toEqual(unknown.json());
    await refused(await call(stranger, 'GET', jd('paper_permission/detail'), { query: { id } }), 404);
    expect((await data(await call(stranger, 'GET', jd('paper_permission/list'), { query: { paperId } }))).total).toBe(
      0,
    );

    await refused(
      await share(wang, { paperId, granteeType: 'teacher', granteeId: strangerUserId, access: 'read' }),
      400,
      '所选教师不存在',
    );
    await refused(
      await share(wang, { paperId, granteeType: 'school', granteeId: otherSchoolId, access: 'read' }),
      400,
      '所选学校不存在',
    );
  });

  it('answers 401 without a session, 403 without the share codes and 400 on a bad body', async () => {
    for (const [method, url] of [
      ['GET', jd('paper_permission/list')],
      ['GET', jd('paper_permission/detail?id=1')],
      ['POST', jd('paper_permission/submit')],
      ['POST', jd('paper_permission/remove?ids=1')],
      ['GET', jd('paper/shared_paper_list')],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    // Papers without their share buttons: the papers are there, their shares are not.
    const role = await createRole(t.db, T, 'no-shares', ['paper_view', 'paper_add', 'paper_edit']);
    await createUser(t.db, { tenantId: T, account: 'noshare', password: 'noshare-pw', roleIds: [role] });
    const noShares = (await t.login('noshare', 'noshare-pw', T)).access_token;
    await data(await call(noShares, 'GET', exam('page')));
    for (const [method, url] of [
      ['GET', jd('paper_permission/list')],
      ['GET', jd('paper_permission/detail?id=1')],
      ['POST', jd('paper_permission/submit')],
      ['POST', jd('paper_permission/remove?ids=1')],
    ] as const) {
      await refused(await call(noShares, method, url, { payload: {} }), 403);
    }

    // Whom to share with: the tenant's teachers, for anyone who may share a paper.
    const sharer = await createRole(t.db, T, 'sharer', ['paper_view', 'paper_permission_add']);
    await createUser(t.db, { tenantId: T, account: 'sharer', password: 'sharer-pw', roleIds: [sharer] });
    const teachers = await data(
      await call((await t.login('sharer', 'sharer-pw', T)).access_token, 'GET', '/api/exam/pc/teacher/select'),
    );
    expect(teachers.map((r: { userId: string }) => r.userId)).toContain(liUserId);

    const { paperId } = await sharedPaper('校验');
    await refused(
      await share(wang, { paperId, granteeType: 'class', granteeId: liUserId, access: 'read' }),
      400,
      '请选择共享给教师还是学校',
    );
    await refused(
      await share(wang, { paperId, granteeType: 'class', granteeId: liUserId, access: 'read' }, 'en'),
      400,
      'Choose whether to share with a teacher or a school',
    );
    await refused(
      await share(wang, { paperId, granteeType: 'teacher', granteeId: liUserId, access: 'own' }),
      400,
      '请选择查看或编辑权限',
    );
    await refused(
      await share(wang, { paperId, granteeType: 'teacher', granteeId: liUserId, access: 'own' }, 'en'),
      400,
      'Choose read or edit access',
    );
    await refused(
      await share(wang, { paperId: 'x', granteeType: 'teacher', granteeId: liUserId, access: 'read' }),
      400,
    );
  });
});

describe('an installation from before paper shares', () => {
  it("gives each school's teacher role the share buttons at the next start, once", async () => {
    const [teacherRole] = await t.db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, T), eq(role.roleAlias, 'teacher'), eq(role.isDeleted, 0)));
    const shareMenus = (await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, PAPER_SHARE_CODES))).map(
      (m) => m.id,
    );
    expect(shareMenus).toHaveLength(4);
    const held = async () =>
      (
        await t.db
          .select({ menuId: roleMenu.menuId })
          .from(roleMenu)
          .where(and(eq(roleMenu.roleId, teacherRole!.id), inArray(roleMenu.menuId, shareMenus)))
      ).length;
    const takeAway = () =>
      t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, teacherRole!.id), inArray(roleMenu.menuId, shareMenus)));
    expect(await held()).toBe(4);

    // As the installation was: papers granted, their shares not yet there.
    await takeAway();
    await t.db.delete(setting).where(eq(setting.key, PAPER_SHARES_GRANTED));
    await grantArrivals(t.db);
    expect(await held()).toBe(4);
    // Once: what an administrator takes away afterwards stays away.
    await takeAway();
    await grantArrivals(t.db);
    expect(await held()).toBe(0);
  });
});
