import type { FilejobClass } from '@shixun/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { filejobCalls, filejobSchool, minutes, pdf, png, sha256 } from '../filejob.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof filejobSchool>>;
const { call, data, refused, upload, job, assign, handIn, setWindow } = filejobCalls(() => t);

beforeAll(async () => {
  t = await startTestApp();
  s = await filejobSchool(t, '594001', '594002');
});
afterAll(() => t.close());

const submit = (token: string, payload: object, lang = 'zh') =>
  call(token, 'POST', 'filejob_teacher/submit', { payload, lang });

describe('assignments (filejob_teacher)', () => {
  it('gives a job to classes: the job frozen, every student’s record made, progress counted', async () => {
    const jobId = await job(s.wang, { title: '装配图', maxFiles: 3 });
    const a = await assign(s.wang, jobId, [s.org.class1, s.org.class2], { graceMinutes: 15 });
    expect(a.assignment).toMatchObject({
      title: '装配图',
      jobId,
      graceMinutes: 15,
      releaseRule: 'manual',
      releaseTime: null,
      state: 'open',
      classNames: ['2024级1班', '2024级2班'],
      job: { title: '装配图', maxFiles: 3, latePolicy: 'mark' },
      progress: { students: 3, handed: 0, late: 0, missing: 3, marked: 0 },
    });
    // Editing the job later changes nothing for those who have it.
    await data(await call(s.wang, 'POST', 'filejob/submit', { payload: { id: jobId, maxFiles: 9 } }));
    const again = await data(await call(s.wang, 'GET', 'filejob_teacher/detail', { query: { id: a.id } }));
    expect(again.job.maxFiles).toBe(3);
    // Title, window and release may change; the job and classes may not.
    const edited = await data(await submit(s.wang, { id: a.id, title: '装配图（修订）', releaseRule: 'after_close' }));
    expect(edited).toMatchObject({ title: '装配图（修订）', releaseRule: 'after_close', releaseTime: edited.deadline });
    await refused(
      await submit(s.wang, { id: a.id, classIds: [s.org.class1] }),
      400,
      '作业安排的文件作业和班级不能修改，请重新布置',
    );
  });

  it('refuses bad input in both languages, classes the teacher does not teach, jobs they cannot read', async () => {
    const jobId = await job(s.wang);
    const base = { jobId, classIds: [s.org.class1], startTime: minutes(0), deadline: minutes(60) };
    await refused(await submit(s.wang, { ...base, deadline: minutes(-10) }), 400, '截止时间应晚于开始时间');
    await refused(
      await submit(s.wang, { ...base, deadline: minutes(-10) }, 'en'),
      400,
      'The deadline must be after the start time',
    );
    await refused(await submit(s.wang, { ...base, classIds: [] }, 'en'), 400);
    await refused(await submit(s.wang, { ...base, graceMinutes: 5000 }), 400);
    await refused(await submit(s.wang, { ...base, deadline: 'soon' }), 400);
    // 李老师 teaches no class, and cannot read 王老师's private job.
    const liJob = await job(s.li);
    await refused(await submit(s.li, { ...base, jobId: liJob }), 403);
    await refused(await submit(s.li, base), 400, '所选文件作业不存在');
    // Another tenant's job or class answers like one that does not exist.
    const zhaoJob = await job(s.zhao);
    const foreign = await submit(s.wang, { ...base, jobId: zhaoJob });
    const unknown = await submit(s.wang, { ...base, jobId: '1234567890123456789' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    await refused(await submit(s.s1, base), 403);
    expect((await t.app.inject({ method: 'POST', url: '/api/jd/pc/filejob_teacher/submit' })).statusCode).toBe(401);
  });

  it('is managed by its teacher only: others, students and other tenants get 404 or 403', async () => {
    const a = await assign(s.wang, await job(s.wang), [s.org.class1]);
    await refused(await call(s.li, 'GET', 'filejob_teacher/detail', { query: { id: a.id } }), 404);
    await refused(await call(s.li, 'GET', 'filejob_teacher/class_list', { query: { id: a.id } }), 404);
    await refused(await call(s.li, 'POST', `filejob_teacher/release/${a.id}`), 404);
    await refused(await call(s.li, 'GET', 'filejob_teacher/zip', { query: { id: a.id, classId: s.org.class1 } }), 404);
    await refused(await call(s.s1, 'GET', 'filejob_teacher/class_list', { query: { id: a.id } }), 403);
    await refused(await call(s.s1, 'GET', 'filejob_teacher/zip', { query: { id: a.id, classId: s.org.class1 } }), 403);
    for (const url of ['filejob_teacher/class_list', 'filejob_teacher/zip']) {
      const other = await call(s.zhao, 'GET', url, { query: { id: a.id, classId: s.org.class1 } });
      const unknown = await call(s.zhao, 'GET', url, { query: { id: '1234567890123456789', classId: s.org.class1 } });
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toEqual(unknown.json());
    }
    await refused(await call(s.wang, 'GET', 'filejob_teacher/class_list', { query: { id: 'x' } }), 400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/jd/pc/filejob_teacher/class_list?id=${a.id}` })).statusCode,
    ).toBe(401);
    // Removing the assignment takes its records along.
    await data(await call(s.wang, 'POST', 'filejob_teacher/remove', { query: { ids: a.id } }));
    await refused(await call(s.s1, 'GET', 'filejob_student/detail', { query: { id: a.r1 } }), 404);
  });

  it('class_list: who handed in, who late, who not — class by class, by student number', async () => {
    const a = await assign(s.wang, await job(s.wang), [s.org.class1, s.org.class2]);
    await data(await handIn(s.s2, a.r2, [await upload(s.s2, 'a.pdf', pdf())]));
    await setWindow(a.id, new Date(Date.now() - 86_400_000), new Date(Date.now() - 3_600_000));
    await data(await handIn(s.s3, a.r3, [await upload(s.s3, 'b.pdf', pdf()), await upload(s.s3, 'c.png', png())]));
    const classes: FilejobClass[] = await data(
      await call(s.wang, 'GET', 'filejob_teacher/class_list', { query: { id: a.id } }),
    );
    expect(classes.map((c) => [c.className, c.students, c.handed, c.late, c.missing])).toEqual([
      ['2024级1班', 2, 1, 0, 1],
      ['2024级2班', 1, 0, 1, 0],
    ]);
    expect(classes[0]!.records.map((r) => [r.studentNo, r.studentName, r.state, r.fileCount])).toEqual([
      ['S001', '张一', 'not_handed', 0],
      ['S002', '张二', 'handed', 1],
    ]);
    expect(classes[1]!.records[0]).toMatchObject({ studentNo: 'S003', state: 'late', lateDays: 1, fileCount: 2 });
    const one: FilejobClass[] = await data(
      await call(s.wang, 'GET', 'filejob_teacher/class_list', { query: { id: a.id, classId: s.org.class2 } }),
    );
    expect(one.map((c) => c.classId)).toEqual([s.org.class2]);
    await refused(
      await call(s.wang, 'GET', 'filejob_teacher/class_list', { query: { id: a.id, classId: s.org.class3 } }),
      404,
    );
  });

  it('zips a class’s hand-ins, one folder per student named by number and name', async () => {
    const a = await assign(s.wang, await job(s.wang, { title: '实训报告' }), [s.org.class1]);
    await refused(
      await call(s.wang, 'GET', 'filejob_teacher/zip', { query: { id: a.id, classId: s.org.class1 }, lang: 'en' }),
      400,
      'No student of this class has handed in yet',
    );
    const one = pdf('张一的报告');
    const two = png();
    await data(await handIn(s.s1, a.r1, [await upload(s.s1, '报告.pdf', one), await upload(s.s1, '报告.pdf', two)]));
    await data(await handIn(s.s2, a.r2, [await upload(s.s2, '照片.png', two)]));
    const res = await call(s.wang, 'GET', 'filejob_teacher/zip', { query: { id: a.id, classId: s.org.class1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('实训报告_2024级1班.zip'));
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n]!.dir)
      .sort();
    expect(names).toEqual(['S001_张一/(2) 报告.pdf', 'S001_张一/报告.pdf', 'S002_张二/照片.png']);
    expect(sha256(await zip.file('S001_张一/报告.pdf')!.async('nodebuffer'))).toBe(sha256(one));
    expect(sha256(await zip.file('S002_张二/照片.png')!.async('nodebuffer'))).toBe(sha256(two));
  });
});
