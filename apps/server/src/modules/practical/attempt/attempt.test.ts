import type { PracticalAttempt, PracticalDetail, PracticalResults } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practicalStudentLog } from '../../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';
import { examCalls } from '../../assignment/assignment.fixtures.ts';

let t: TestApp;
const T = '591001';
const OTHER = '591002';
/** wang teaches class 1 and owns the task; li is another teacher; s1, s2 in class 1; zhao and outsider elsewhere. */
let wang: string;
let li: string;
let s1: string;
let s2: string;
let zhao: string;
let outsider: string;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
let admin: string;
let task: { paperId: string; size: string; safety: string; d25: string; ra: string; ppe: string };

const { call, data, refused } = examCalls(() => t);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, { payload: { teacherId: wangId, selectedRelas: [org.class1] } });
  await addTeacher(t, admin, 'li', '李老师');
  await addStudent(t, admin, org.class1, 'S001', '张一');
  await addStudent(t, admin, org.class1, 'S002', '张二');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  s1 = (await t.login('S001', '123456', T)).access_token;
  s2 = (await t.login('S002', '123456', T)).access_token;
  const otherAdmin = await teachingTenant(t, OTHER);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  zhao = (await t.login('zhao', '123456', OTHER)).access_token;
  const otherOrg = await schoolWithClasses(t, otherAdmin, 'o');
  await addStudent(t, otherAdmin, otherOrg.class1, 'S001', '外校学生');
  outsider = (await t.login('S001', '123456', OTHER)).access_token;

  const submit = async (resource: string, payload: object) =>
    (await data(await call(wang, 'POST', `${resource}/submit`, { payload }))).id as string;
  const paperId = await submit('practical_paper', { title: '车削阶梯轴', passScore: 9 });
  const size = await submit('practical_point', { paperId, name: '外圆尺寸', score: 10, rule: 'proportional' });
  const safety = await submit('practical_point', {
    paperId,
    name: '安全',
    score: 5,
    rule: 'all',
    critical: 1,
    evidenceRequired: 1,
  });
  const reading = { paperId, pointId: size, kind: 'measure', resolution: '0.01', unit: 'mm' };
  const d25 = await submit('practical_inspection', {
    ...reading,
    name: 'Ø25',
    nominal: '25.00',
    lowerDeviation: '-0.021',
    upperDeviation: '0',
  });
  const ra = await submit('practical_inspection', {
    ...reading,
    name: 'Ra',
    nominal: '0',
    upperDeviation: '3.2',
    resolution: '0.1',
  });
  const ppe = await submit('practical_inspection', { paperId, pointId: safety, name: '防护用品', kind: 'check' });
  task = { paperId, size, safety, d25, ra, ppe };
});
afterAll(() => t.close());

async function assign(recorder = 'student', extra: object = {}) {
  const made = await data(
    await call(wang, 'POST', 'practical_teacher/add_batch', {
      payload: {
        paperId: task.paperId,
        classIds: [org.class1],
        openTime: minutes(-5),
        closeTime: minutes(60),
        recorder,
        ...extra,
      },
    }),
  );
  const list: { records: PracticalAttempt[] } = await data(
    await call(wang, 'GET', 'practical_student/list', { query: { practicalTeacherId: made.id } }),
  );
  const of = (name: string) => list.records.find((r) => r.studentName === name)!.id;
  return { id: made.id as string, a1: of('张一'), a2: of('张二') };
}
const save = (token: string, practicalStudentId: string, items: object[], final?: boolean) =>
  call(token, 'POST', 'practical_student/submit_paper_answer', { payload: { practicalStudentId, items, final } });
const detail = async (token: string, id: string): Promise<PracticalDetail> =>
  data(
    await call(token, 'GET', 'practical_student/paper_detail', {
      query: { paperId: task.paperId, practicalStudentId: id },
    }),
  );
const correct = (token: string, payload: object) =>
  call(token, 'POST', 'practical_student/teacher_correct_paper', { payload });
const photo = [{ name: 'ppe.jpg', link: '/upload/ppe.jpg' }];

describe('assigning a practical task', () => {
  it('freezes the task and makes every student’s attempt; only those who may assign do', async () => {
    const { id } = await assign();
    const a = await data(await call(wang, 'GET', 'practical_teacher/detail', { query: { id } }));
    expect(a).toMatchObject({
      title: '车削阶梯轴',
      totalScore: 15,
      state: 'open',
      progress: { students: 2, started: 0 },
    });
    expect(a.classNames).toEqual(['2024级1班']);
    // Bad input, no session, a student, another tenant's teacher (the task does not exist to them).
    const body = { paperId: task.paperId, classIds: [org.class1], openTime: minutes(10), closeTime: minutes(5) };
    await refused(
      await call(wang, 'POST', 'practical_teacher/add_batch', { payload: body }),
      400,
      '结束时间应晚于开始时间',
    );
    await refused(await call(wang, 'POST', 'practical_teacher/add_batch', { payload: { ...body, classIds: [] } }), 400);
    await refused(
      await t.app.inject({ method: 'POST', url: '/api/jd/pc/practical_teacher/add_batch', payload: body }),
      401,
    );
    await refused(await call(s1, 'POST', 'practical_teacher/add_batch', { payload: body }), 403);
    await refused(
      await call(zhao, 'POST', 'practical_teacher/add_batch', {
        payload: { ...body, closeTime: minutes(60), classIds: [org.class1] },
      }),
      400,
    );
    // Others' assignments answer like ones that do not exist.
    await refused(await call(li, 'GET', 'practical_teacher/detail', { query: { id } }), 404);
    await refused(await call(zhao, 'GET', 'practical_teacher/detail', { query: { id } }), 404);
  });
});

describe('recording at the bench', () => {
  it('saves readings by sequence number; judges them live; hands in with the evidence the task wants', async () => {
    const { a1, a2 } = await assign();
    await data(await save(s1, a1, [{ inspectionId: task.d25, value: '24.99', seq: 2 }]));
    // An older save of the same item changes nothing.
    await data(await save(s1, a1, [{ inspectionId: task.d25, value: '24.90', seq: 1 }]));
    let mine = await detail(s1, a1);
    expect(mine.attempt.state).toBe('in_progress');
    expect(mine.items.find((i) => i.inspectionId === task.d25)!.studentValue).toBe('24.99');
    expect(mine.showScores).toBe(false);
    // Wrong input: no number, another task's item, someone else's attempt, another tenant.
    await refused(
      await save(s1, a1, [{ inspectionId: task.d25, value: 'abc', seq: 3 }]),
      400,
      '请填写数字，如 25.00、-0.02',
    );
    await refused(await save(s1, a1, [{ inspectionId: '1', value: '1', seq: 3 }]), 400);
    await refused(await save(s1, a2, [{ inspectionId: task.d25, value: '25', seq: 3 }]), 404);
    await refused(await save(outsider, a1, [{ inspectionId: task.d25, value: '25', seq: 3 }]), 404);
    await refused(
      await call(outsider, 'GET', 'practical_student/paper_detail', {
        query: { paperId: task.paperId, practicalStudentId: a1 },
      }),
      404,
    );
    await refused(
      await call(s2, 'GET', 'practical_student/paper_detail', {
        query: { paperId: task.paperId, practicalStudentId: a1 },
      }),
      404,
    );
    // The critical point wants evidence before the record is handed in.
    const rest = [
      { inspectionId: task.ra, value: '3.2', seq: 1 },
      { inspectionId: task.ppe, passed: 1, seq: 1 },
    ];
    await refused(await save(s1, a1, rest, true), 400, '考核点“安全”需要上传照片或文件作为证据');
    await data(await save(s1, a1, [{ ...rest[1], evidence: photo, seq: 2 }], true));
    mine = await detail(s1, a1);
    expect(mine.attempt.state).toBe('submitted');
    await refused(await save(s1, a1, [{ inspectionId: task.d25, value: '25', seq: 9 }]), 400, '记录已提交，不能再修改');
    // 我的实训 lists the student's own attempts only, without a score before release.
    const list: { records: PracticalAttempt[] } = await data(await call(s1, 'GET', 'practical_student/mine'));
    expect(list.records.every((r) => r.studentName === '张一' && r.score === null)).toBe(true);
  });

  it('gives a student who joins the class later their record of work still open, the first time they look', async () => {
    const { id } = await assign();
    await addStudent(t, admin, org.class1, 'S009', '张九');
    const late = (await t.login('S009', '123456', T)).access_token;
    const mine: { records: PracticalAttempt[] } = await data(await call(late, 'GET', 'practical_student/mine'));
    expect(mine.records.map((r) => r.practicalTeacherId)).toContain(id);
    const again: { records: PracticalAttempt[] } = await data(await call(late, 'GET', 'practical_student/mine'));
    expect(again.records).toHaveLength(mine.records.length);
  });

  it('takes nothing from the student when the teacher records, or outside the window', async () => {
    const teacherRecords = await assign('teacher');
    await refused(await save(s1, teacherRecords.a1, [{ inspectionId: task.d25, value: '25', seq: 1 }]), 400);
    const later = await data(
      await call(wang, 'POST', 'practical_teacher/add_batch', {
        payload: { paperId: task.paperId, classIds: [org.class1], openTime: minutes(30), closeTime: minutes(60) },
      }),
    );
    const [first] = (
      await data(await call(s1, 'GET', 'practical_student/mine', { query: { size: 50 } }))
    ).records.filter((r: PracticalAttempt) => r.practicalTeacherId === later.id);
    await refused(await save(s1, first.id, [{ inspectionId: task.d25, value: '25', seq: 1 }]), 400);
  });
});

describe('the teacher’s correction, sign-off and release', () => {
  it('re-measures the guard band, adjusts a point with a reason, keeps every change, signs and releases', async () => {
    const { id, a1 } = await assign('both', { checkShare: 0 });
    // 24.98 is within one step of the lower limit 24.979: the guard band; Ra 3.5 is out of tolerance.
    await data(
      await save(
        s1,
        a1,
        [
          { inspectionId: task.d25, value: '24.98', seq: 1 },
          { inspectionId: task.ra, value: '3.5', seq: 1 },
          { inspectionId: task.ppe, passed: 1, evidence: photo, seq: 1 },
        ],
        true,
      ),
    );
    let sheet = await detail(wang, a1);
    expect(sheet.role).toBe('teacher');
    expect(sheet.attempt.checkIds).toEqual([task.ppe]);
    // Not yet: the guard band, then the critical item drawn for the teacher.
    await refused(
      await correct(wang, { practicalStudentId: a1, signOff: true }),
      400,
      '还有 1 个检查项需要复测，请先复测',
    );
    await data(
      await correct(wang, {
        practicalStudentId: a1,
        items: [{ inspectionId: task.d25, value: '24.99', reason: '复测' }],
      }),
    );
    await refused(await correct(wang, { practicalStudentId: a1, signOff: true }), 400, '还有 1 个抽检项没有复测');
    // An adjustment needs its reason; a student may not correct.
    await refused(
      await correct(wang, { practicalStudentId: a1, points: [{ pointId: task.size, score: 8 }] }),
      400,
      '调整考核点得分时请填写理由',
    );
    await refused(await correct(s1, { practicalStudentId: a1, items: [] }), 403);
    await refused(await correct(li, { practicalStudentId: a1, items: [] }), 404);
    sheet = await data(
      await correct(wang, {
        practicalStudentId: a1,
        items: [{ inspectionId: task.ppe, passed: 1, reason: '抽检' }],
        points: [{ pointId: task.size, score: 6, comment: '粗糙度差一点，酌情给分' }],
        signOff: true,
      }),
    );
    expect(sheet.attempt.state).toBe('marked');
    expect(sheet.items.find((i) => i.inspectionId === task.d25)).toMatchObject({
      studentValue: '24.98',
      teacherValue: '24.99',
    });
    expect(sheet.corrections.map((c) => c.kind)).toEqual(['item', 'item', 'point', 'sign']);
    expect(sheet.corrections[0]).toMatchObject({
      before: { studentValue: '24.98', teacherValue: null },
      reason: '复测',
      userName: '王老师',
    });
    const logged = await t.db.select().from(practicalStudentLog).where(eq(practicalStudentLog.practicalStudentId, a1));
    expect(logged).toHaveLength(4);
    await refused(
      await correct(wang, { practicalStudentId: a1, items: [{ inspectionId: task.d25, value: '25' }] }),
      400,
    );

    // The student sees the teacher's readings and scores only once released.
    expect((await detail(s1, a1)).items.find((i) => i.inspectionId === task.d25)!.teacherValue).toBeNull();
    await refused(await call(s1, 'POST', `practical_teacher/release/${id}`), 403);
    await data(await call(wang, 'POST', `practical_teacher/release/${id}`));
    await refused(await call(wang, 'POST', `practical_teacher/release/${id}`), 400, '成绩已经公布过了');
    const mine = await detail(s1, a1);
    expect(mine.showScores).toBe(true);
    expect(mine.pointRecords.find((p) => p.pointId === task.size)).toMatchObject({
      given: 6,
      comment: '粗糙度差一点，酌情给分',
    });
    const [row] = (await data(await call(s1, 'GET', 'practical_student/mine', { query: { size: 50 } }))).records.filter(
      (r: PracticalAttempt) => r.id === a1,
    );
    expect(row.score).toBe(11);

    // Results: the failing item first, with its values against the tolerance; the export opens.
    const results: PracticalResults = await data(await call(wang, 'GET', `practical_teacher/results/${id}`));
    expect(results.summary).toMatchObject({ handedIn: 1, mean: 11, passed: 1, criticalFailed: 0 });
    expect(results.items[0]).toMatchObject({ name: 'Ra', failed: 1, values: [3.5] });
    expect(results.items[0]!.bins.length).toBeGreaterThan(0);
    await refused(await call(li, 'GET', `practical_teacher/results/${id}`), 404);
    const file = await call(wang, 'GET', `practical_teacher/results/${id}/export`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
  it('a student flooding their saves is answered before the body is read: 413 over the limit, then 429, as in exams', async () => {
    // A megabyte costs 33 of the 100 tokens every autosave of a student draws on (core/http/save-budget.ts).
    const megabyte = JSON.stringify({ practicalStudentId: '1', items: [], pad: 'x'.repeat(1_000_000) });
    const statuses: number[] = [];
    let refused: { headers: Record<string, unknown>; msg: string } | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await t.as(outsider, {
        method: 'POST',
        url: '/api/jd/pc/practical_student/submit_paper_answer',
        payload: megabyte,
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = { headers: res.headers, msg: res.json().msg };
    }
    expect(statuses).toEqual([413, 413, 413, 429]);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.msg).toMatch(/^保存太频繁，请 \d+ 秒后再试$/);
  });
});
