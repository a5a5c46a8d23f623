import type { FilejobStudent } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, filejobStudentLog } from '../../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { filejobCalls, filejobSchool, pdf, png, sha256 } from '../filejob.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof filejobSchool>>;
const { call, data, refused, upload, job, assign, handIn, setWindow } = filejobCalls(() => t);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await startTestApp();
  s = await filejobSchool(t, '593001', '593002');
});
afterAll(() => t.close());

const record = async (token: string, id: string): Promise<FilejobStudent> =>
  data(await call(token, 'GET', 'filejob_student/detail', { query: { id } }));

describe('handing in (filejob_student submit)', () => {
  it('takes the student’s files and answers a receipt whose SHA-256 is the file’s; a replacement keeps the first receipt', async () => {
    const jobId = await job(s.wang, { allowedKinds: ['pdf', 'png'] });
    const { r1 } = await assign(s.wang, jobId, [s.org.class1]);
    const bytes = pdf('第一次提交');
    const first = await upload(s.s1, '零件图.pdf', bytes);
    const res = await handIn(s.s1, r1, [first]);
    const handed: FilejobStudent = await data(res);
    expect(handed).toMatchObject({ state: 'handed', lateDays: 0, penalty: 0, handinCount: 1 });
    expect(handed.receipt).toMatchObject({
      filejobStudentId: r1,
      studentNo: 'S001',
      studentName: '张一',
      late: false,
      superseded: false,
      files: [{ attachId: first, name: '零件图.pdf', size: bytes.length, sha256: sha256(bytes) }],
    });
    const firstReceipt = handed.receipt!;
    expect(Math.abs(Date.parse(firstReceipt.serverTime) - Date.now())).toBeLessThan(60_000);

    const again = png();
    const second = await upload(s.s1, '照片.png', again);
    const replaced: FilejobStudent = await data(await handIn(s.s1, r1, [second]));
    expect(replaced.handinCount).toBe(2);
    expect(replaced.files.map((f) => [f.name, f.sha256])).toEqual([['照片.png', sha256(again)]]);
    // The first receipt is still there to check, marked as replaced.
    const old = await data(
      await call(s.s1, 'GET', 'filejob_student/receipt', { query: { handinId: firstReceipt.handinId } }),
    );
    expect(old).toEqual({ ...firstReceipt, superseded: true });
    // Another student, and another tenant, cannot read it; the teacher can.
    await refused(
      await call(s.s2, 'GET', 'filejob_student/receipt', { query: { handinId: firstReceipt.handinId } }),
      404,
    );
    await refused(
      await call(s.outsider, 'GET', 'filejob_student/receipt', { query: { handinId: firstReceipt.handinId } }),
      404,
    );
    await data(await call(s.wang, 'GET', 'filejob_student/receipt', { query: { handinId: firstReceipt.handinId } }));
  });

  it('checks each file on the server: its kind from the bytes, its size, who uploaded it, how many', async () => {
    const jobId = await job(s.wang, { allowedKinds: ['pdf'], maxSizeMb: 1, maxFiles: 1 });
    const { r1 } = await assign(s.wang, jobId, [s.org.class1]);
    // A picture named .pdf is a picture: its kind comes from its bytes.
    const disguised = await upload(s.s1, '报告.pdf', png());
    expect((await t.db.select().from(attach).where(eq(attach.id, disguised)))[0]!.extension).toBe('png');
    await refused(await handIn(s.s1, r1, [disguised]), 400, '文件“报告.pdf”的类型不符合要求，本作业只接受：pdf');
    await refused(
      await handIn(s.s1, r1, [disguised], 'en'),
      400,
      'The file “报告.pdf” is not of an allowed kind; this homework takes: pdf',
    );
    const big = await upload(s.s1, '大文件.pdf', pdf('x'.repeat(10)));
    await t.db
      .update(attach)
      .set({ attachSize: 2 * 1024 * 1024 })
      .where(eq(attach.id, big));
    await refused(await handIn(s.s1, r1, [big]), 400, '文件“大文件.pdf”超过了本作业的大小上限 1 MB');
    const ok = await upload(s.s1, '报告.pdf', pdf());
    await refused(await handIn(s.s1, r1, [ok, ok]), 400, '同一个文件不能重复提交');
    const another = await upload(s.s1, '附录.pdf', pdf('附录'));
    await refused(await handIn(s.s1, r1, [ok, another], 'en'), 400, 'This job takes at most 1 files per hand-in');
    // Someone else's upload is not the student's to hand in, nor is a file of another tenant.
    const hers = await upload(s.s2, '张二.pdf', pdf());
    await refused(await handIn(s.s1, r1, [hers]), 400, '所选文件不存在，或不是您上传的，请重新上传');
    const outside = await upload(s.outsider, 'x.pdf', pdf());
    await refused(
      await handIn(s.s1, r1, [outside], 'en'),
      400,
      'A chosen file does not exist or was not uploaded by you; upload it again',
    );
    await refused(await handIn(s.s1, r1, []), 400, '请至少选择一个要提交的文件');
    await refused(await handIn(s.s1, r1, ['abc']), 400);
    await data(await handIn(s.s1, r1, [ok]));
  });

  it('lets a student reach only their own record', async () => {
    const jobId = await job(s.wang);
    const { r1, r2 } = await assign(s.wang, jobId, [s.org.class1]);
    const mine = await upload(s.s1, 'a.pdf', pdf());
    // Another student's record does not exist to them; the teacher cannot hand in for a student.
    await refused(await handIn(s.s1, r2, [mine]), 404);
    await refused(await call(s.s1, 'GET', 'filejob_student/detail', { query: { id: r2 } }), 404);
    await refused(await handIn(s.wang, r1, [mine]), 403);
    const list = await data(await call(s.s1, 'GET', 'filejob_student/mine', { query: { size: '100' } }));
    expect(list.records.every((r: FilejobStudent) => r.studentNo === 'S001')).toBe(true);
    // Another tenant's student: like an unknown id.
    const other = await handIn(s.outsider, r1, [mine]);
    const unknown = await handIn(s.outsider, '1234567890123456789', [mine]);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    // Records come with assignments; a student never removes theirs.
    await refused(
      await call(s.s1, 'POST', 'filejob_student/submit', { payload: { files: [{ attachId: mine }] } }),
      403,
    );
    await refused(await call(s.s1, 'POST', 'filejob_student/remove', { query: { ids: r1 } }), 403);
    expect((await t.app.inject({ method: 'POST', url: '/api/jd/pc/filejob_student/submit' })).statusCode).toBe(401);
  });

  it('applies the deadline: refused, marked late, or late with a penalty per day started (capped)', async () => {
    const past = (days: number) => new Date(Date.now() - days * DAY);
    const refuse = await assign(s.wang, await job(s.wang, { latePolicy: 'refuse' }), [s.org.class1]);
    const mark = await assign(s.wang, await job(s.wang, { latePolicy: 'mark' }), [s.org.class1]);
    const penalty = await assign(
      s.wang,
      await job(s.wang, { latePolicy: 'penalty', penaltyPercent: 15, penaltyMaxDays: 3 }),
      [s.org.class1],
    );
    for (const a of [refuse, mark, penalty]) await setWindow(a.id, past(10), new Date(Date.now() - 1.5 * DAY));
    const file = await upload(s.s1, 'late.pdf', pdf());
    const refused400 = await handIn(s.s1, refuse.r1, [file]);
    expect(refused400.statusCode).toBe(400);
    expect(refused400.json().msg).toMatch(/^已过截止时间（.+），本作业不接受迟交$/);
    expect((await handIn(s.s1, refuse.r1, [file], 'en')).json().msg).toMatch(/does not accept late work$/);
    expect(await data(await handIn(s.s1, mark.r1, [file]))).toMatchObject({ state: 'late', lateDays: 2, penalty: 0 });
    const late: FilejobStudent = await data(await handIn(s.s1, penalty.r1, [file]));
    expect(late).toMatchObject({ state: 'late', lateDays: 2, penalty: 30 });
    expect(late.receipt).toMatchObject({ late: true, lateDays: 2, penalty: 30 });
    // Ten days late: the penalty stops at three days.
    await setWindow(penalty.id, past(20), past(9.5));
    expect(await data(await handIn(s.s2, penalty.r2, [await upload(s.s2, 'b.pdf', pdf())]))).toMatchObject({
      lateDays: 10,
      penalty: 45,
    });
    // A hand-in cannot be replaced after the deadline: what was there at the deadline stays.
    await refused(await handIn(s.s1, penalty.r1, [await upload(s.s1, 'c.pdf', pdf())]), 400);
    // Not open yet.
    const early = await assign(s.wang, await job(s.wang), [s.org.class1], {
      startTime: new Date(Date.now() + HOUR).toISOString(),
      deadline: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const notOpen = await handIn(s.s1, early.r1, [file]);
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json().msg).toMatch(/^作业尚未开始/);
  });

  it('counts an upload begun before the deadline as on time within the grace, and not after it', async () => {
    const a = await assign(s.wang, await job(s.wang, { latePolicy: 'refuse' }), [s.org.class1], { graceMinutes: 30 });
    await setWindow(a.id, new Date(Date.now() - DAY), new Date(Date.now() - 10 * 60_000));
    // A resumable upload that began 20 minutes ago (before the deadline) and finished now.
    const slow = await upload(s.s1, 'video.pdf', pdf('large'));
    await t.db
      .update(attach)
      .set({ createTime: new Date(Date.now() - 20 * 60_000) })
      .where(eq(attach.id, slow));
    expect(await data(await handIn(s.s1, a.r1, [slow]))).toMatchObject({ state: 'handed', lateDays: 0 });
    // Begun after the deadline: refused under this job's policy.
    const after = await upload(s.s2, 'late.pdf', pdf());
    await refused(await handIn(s.s2, a.r2, [after]), 400);
    // Begun before it, but the grace is over.
    const b = await assign(s.wang, await job(s.wang, { latePolicy: 'refuse' }), [s.org.class1], { graceMinutes: 5 });
    await setWindow(b.id, new Date(Date.now() - DAY), new Date(Date.now() - 10 * 60_000));
    await t.db
      .update(attach)
      .set({ createTime: new Date(Date.now() - 20 * 60_000) })
      .where(eq(attach.id, after));
    await refused(await handIn(s.s2, b.r2, [after]), 400);
  });

  it('an extension (with a reason, logged) moves one student’s deadline', async () => {
    const a = await assign(s.wang, await job(s.wang, { latePolicy: 'refuse' }), [s.org.class1]);
    await setWindow(a.id, new Date(Date.now() - DAY), new Date(Date.now() - HOUR));
    const until = new Date(Date.now() + DAY).toISOString();
    await refused(
      await call(s.wang, 'POST', 'filejob_teacher/extension', {
        payload: { filejobStudentId: a.r1, until, reason: '' },
      }),
      400,
      '请填写原因',
    );
    await refused(
      await call(s.wang, 'POST', 'filejob_teacher/extension', {
        payload: { filejobStudentId: a.r1, until: new Date(Date.now() - 2 * DAY).toISOString(), reason: '病假' },
        lang: 'en',
      }),
      400,
      'A student’s own deadline must be later than the assignment’s',
    );
    const extended = await data(
      await call(s.wang, 'POST', 'filejob_teacher/extension', {
        payload: { filejobStudentId: a.r1, until, reason: '病假' },
      }),
    );
    expect(extended.extensionUntil).toBe(until);
    const log = await t.db.select().from(filejobStudentLog).where(eq(filejobStudentLog.filejobStudentId, a.r1));
    expect(log).toMatchObject([{ kind: 'extension', reason: '病假', after: { extensionUntil: until } }]);
    expect(await data(await handIn(s.s1, a.r1, [await upload(s.s1, 'a.pdf', pdf())]))).toMatchObject({
      state: 'handed',
    });
    await refused(await handIn(s.s2, a.r2, [await upload(s.s2, 'b.pdf', pdf())]), 400);
    // Not the teacher's: 李老师, a student, another tenant.
    const body = { payload: { filejobStudentId: a.r2, until, reason: 'x' } };
    await refused(await call(s.li, 'POST', 'filejob_teacher/extension', body), 404);
    await refused(await call(s.s1, 'POST', 'filejob_teacher/extension', body), 403);
    // Another tenant's teacher: exactly like a record that does not exist.
    const other = await call(s.zhao, 'POST', 'filejob_teacher/extension', body);
    const unknown = await call(s.zhao, 'POST', 'filejob_teacher/extension', {
      payload: { ...body.payload, filejobStudentId: '1234567890123456789' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });
});

describe('marking (filejob_student mark) and release', () => {
  it('the teacher scores, comments, returns a file and notes; the student sees them once released', async () => {
    const a = await assign(s.wang, await job(s.wang, { score: 50, latePolicy: 'penalty', penaltyPercent: 20 }), [
      s.org.class1,
    ]);
    const file = await upload(s.s1, '报告.pdf', pdf());
    await refused(
      await call(s.wang, 'POST', 'filejob_student/mark', { payload: { id: a.r1, score: 40 } }),
      400,
      '该学生还没有提交作业，无法评分',
    );
    await data(await handIn(s.s1, a.r1, [file]));
    const feedback = await upload(s.wang, '批改.pdf', pdf('批改'));
    const note = { attachId: file, page: 1, x: 0.1, y: 0.2, w: 0.3, h: 0.1, note: '尺寸标注缺失' };
    const mark = (payload: object, token = s.wang, lang = 'zh') =>
      call(token, 'POST', 'filejob_student/mark', { payload: { id: a.r1, ...payload }, lang });
    await refused(await mark({ score: 51 }), 400, '得分应在 0 到本作业满分 50 之间');
    await refused(
      await mark({ score: 51 }, s.wang, 'en'),
      400,
      'The score must be from 0 to the job’s full score of 50',
    );
    await refused(
      await mark({ score: 40, annotations: [{ ...note, attachId: feedback }] }),
      400,
      '批注只能加在该学生本次提交的文件上',
    );
    await refused(await mark({ score: 40, annotations: [{ ...note, page: 0 }] }), 400);
    await refused(await mark({ score: 40, annotations: [{ ...note, x: 2 }] }), 400);
    await refused(await mark({ score: 40, feedbackAttachId: file }), 400, '所选反馈文件不存在，或不是您上传的');
    await refused(await mark({ score: 40 }, s.li), 404);
    await refused(await mark({ score: 40 }, s.s1), 403);
    await refused(await mark({ score: 40 }, s.zhao), 404);
    const marked: FilejobStudent = await data(
      await mark({ score: 40, comment: '基本正确', feedbackAttachId: feedback, annotations: [note] }),
    );
    expect(marked).toMatchObject({
      marked: true,
      score: 40,
      finalScore: 40,
      comment: '基本正确',
      feedback: { attachId: feedback, name: '批改.pdf' },
      annotations: [note],
    });
    // Manual release: nothing shows to the student until the teacher releases.
    const before = await record(s.s1, a.r1);
    expect(before).toMatchObject({
      released: false,
      marked: true,
      score: null,
      comment: null,
      feedback: null,
      annotations: null,
    });
    const released = await call(s.wang, 'POST', `filejob_teacher/release/${a.id}`, { lang: 'en' });
    expect((await data(released)).releaseTime).not.toBeNull();
    expect(released.json().msg).toBe('Scores and feedback released');
    await refused(await call(s.wang, 'POST', `filejob_teacher/release/${a.id}`), 400, '成绩与评语已经公布过了');
    expect(await record(s.s1, a.r1)).toMatchObject({
      released: true,
      score: 40,
      comment: '基本正确',
      annotations: [note],
    });
  });

  it('takes the late penalty from the teacher’s score', async () => {
    const a = await assign(
      s.wang,
      await job(s.wang, { latePolicy: 'penalty', penaltyPercent: 20, score: 100 }),
      [s.org.class1],
      {
        releaseRule: 'immediate',
      },
    );
    await setWindow(a.id, new Date(Date.now() - 3 * DAY), new Date(Date.now() - HOUR));
    await data(await handIn(s.s1, a.r1, [await upload(s.s1, 'late.pdf', pdf())]));
    await data(await call(s.wang, 'POST', 'filejob_student/mark', { payload: { id: a.r1, score: 85 } }));
    expect(await record(s.s1, a.r1)).toMatchObject({ penalty: 20, score: 85, finalScore: 68, released: true });
  });
});
