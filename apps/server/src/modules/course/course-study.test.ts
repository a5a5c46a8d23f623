import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStudy } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, add, course, topic } = courseCalls(() => t);
let courseId: string;
let first: string;
let second: string;
let video: string;
let notes: string;

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '595001', '595002');
  courseId = await course(s.wang, { classes: [{ classId: s.org.class1 }] });
  first = await topic(s.wang, courseId, '第一章 投影');
  second = await topic(s.wang, courseId, '第二章 三视图', '0', { locked: 1 });
  // A 10-minute video complete at half watched; a text complete once opened.
  video = await add(s.wang, 'courseware', {
    courseSubId: first,
    name: '投影视频',
    kind: 'link',
    link: 'https://video.example.com/1.mp4',
    duration: 600,
    completion: { kind: 'share', value: 50 },
  });
  notes = await add(s.wang, 'courseware', {
    courseSubId: second,
    name: '要点',
    kind: 'richtext',
    content: '<p>三视图</p>',
  });
  await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: courseId, published: 1 } }));
});
afterAll(() => t.close());

const beat = (token: string, payload: object, lang = 'zh') =>
  call(token, 'POST', 'course_study/heartbeat', { payload, lang });

/** Moves the student's last beat back in time, as if `seconds` had passed on the clock. */
async function wait(coursewareId: string, seconds: number) {
  await t.db
    .update(courseStudy)
    .set({ beatTime: sql`${courseStudy.beatTime} - ${seconds} * interval '1 second'` })
    .where(eq(courseStudy.coursewareId, coursewareId));
}

describe('the study heartbeat (course_study/heartbeat)', () => {
  it('credits watched ranges capped by the clock, keeps the position, completes by the rule', async () => {
    // The first beat opens the courseware and credits nothing (no clock to measure from).
    expect(await data(await beat(s.s1, { coursewareId: video, ranges: [[0, 15]], position: 15 }))).toEqual({
      coursewareId: video,
      watchedSeconds: 0,
      percent: 0,
      completed: false,
      position: 15,
    });
    // 20 s later: at most 40 s credited; a drag to the end is not watching.
    await wait(video, 20);
    const dragged = await data(await beat(s.s1, { coursewareId: video, ranges: [[0, 600]], position: 600 }));
    expect(dragged).toMatchObject({ watchedSeconds: 40, percent: 6, completed: false, position: 600 });
    // A seek forward: the gap is not credited; an overlap counts once.
    await wait(video, 30);
    const seeked = await data(
      await beat(s.s1, {
        coursewareId: video,
        ranges: [
          [30, 50],
          [300, 310],
        ],
        position: 310,
      }),
    );
    expect(seeked.watchedSeconds).toBe(60);
    // Watching on until half of it: completed, on any device the position resumes.
    for (let from = 50; from < 300; from += 50) {
      await wait(video, 30);
      await data(await beat(s.s1, { coursewareId: video, ranges: [[from, from + 50]], position: from + 50 }));
    }
    const progress = await data(await call(s.s1, 'GET', 'course_study/progress', { query: { courseId } }));
    expect(progress).toMatchObject({ courseId, coursewareCount: 2, completedCount: 1, percent: 50 });
    expect(progress.coursewares[0]).toEqual({
      coursewareId: video,
      watchedSeconds: 310,
      percent: 51,
      completed: true,
      position: 300,
    });
    expect(progress.topics).toEqual([
      { topicId: first, coursewareCount: 1, completedCount: 1, percent: 100, completed: true },
      { topicId: second, coursewareCount: 1, completedCount: 0, percent: 0, completed: false },
    ]);
    // 张二 of the same class has their own progress.
    const other = await t.login('S002', '123456', '595001');
    const theirs = await data(await call(other.access_token, 'GET', 'course_study/progress', { query: { courseId } }));
    expect(theirs.completedCount).toBe(0);
  });

  it('refuses bad ranges in the caller’s language', async () => {
    await refused(
      await beat(s.s1, { coursewareId: video, ranges: [[20, 10]], position: 0 }),
      400,
      '观看区间应为 [开始, 结束] 且开始小于结束',
    );
    await refused(
      await beat(s.s1, { coursewareId: video, ranges: [[-1, 10]], position: 0 }, 'en'),
      400,
      'Study progress numbers must be whole and not negative',
    );
    await refused(await beat(s.s1, { coursewareId: video, ranges: 'x', position: 0 }, 'en'), 400);
    await refused(await beat(s.s1, { coursewareId: 'abc', ranges: [] }), 400);
  });

  it('answers 401, 403 to teachers, 404 to students outside the class and other tenants like an unknown id', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/jd/pc/course_study/heartbeat', payload: {} });
    expect(anon.statusCode).toBe(401);
    await refused(await beat(s.wang, { coursewareId: video, ranges: [] }), 403);
    await refused(await call(s.wang, 'GET', 'course_study/progress', { query: { courseId } }), 403);
    const unknown = await beat(s.s3, { coursewareId: UNKNOWN, ranges: [] });
    const outside = await beat(s.s3, { coursewareId: video, ranges: [] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    await refused(await beat(s.outsider, { coursewareId: video, ranges: [] }), 404);
    await refused(await call(s.s3, 'GET', 'course_study/progress', { query: { courseId } }), 404);
  });
});

describe('locks and release dates for students', () => {
  it('greys a topic until the previous one is complete, and one not yet released to the class; teachers see all', async () => {
    const third = await topic(s.wang, courseId, '第三章 剖视');
    const point = await topic(s.wang, courseId, '3.1 全剖', third);
    const release = '2099-09-01T08:00:00.000Z';
    await data(
      await call(s.wang, 'POST', 'course/submit', {
        payload: { id: courseId, classes: [{ classId: s.org.class1, releases: { [third]: release } }] },
      }),
    );
    const tree = async (token: string) =>
      (await data(await call(token, 'GET', 'course_sub/tree', { query: { courseId } }))) as {
        id: string;
        lockReason?: string;
        previousName?: string;
        releaseAt?: string;
        percent?: number;
        completed?: boolean;
        children?: { id: string; lockReason?: string }[];
      }[];
    const other = (await t.login('S002', '123456', '595001')).access_token;
    const [one, two, three] = await tree(other);
    expect(one).toMatchObject({ id: first, percent: 0, completed: false });
    expect(one?.lockReason).toBeUndefined();
    expect(two).toMatchObject({ id: second, lockReason: 'previous', previousName: '第一章 投影' });
    expect(three).toMatchObject({ id: third, lockReason: 'release', releaseAt: release });
    expect(three?.children?.[0]).toMatchObject({ id: point, lockReason: 'release' });
    // What a closed topic holds answers 403 with why, in the student's language.
    await refused(
      await beat(other, { coursewareId: notes, ranges: [] }),
      403,
      '请先学完上一个知识点“第一章 投影”，再学习本知识点',
    );
    await refused(
      await call(other, 'GET', 'course_study/topic', { query: { id: second }, lang: 'en' }),
      403,
      'Finish the previous topic “第一章 投影” before this one',
    );
    await refused(
      await call(other, 'GET', 'course_study/topic', { query: { id: point }, lang: 'en' }),
      403,
      'This topic opens on 2099-09-01 08:00',
    );
    // An open topic: its coursewares with the student's progress.
    const open = await data(await call(other, 'GET', 'course_study/topic', { query: { id: first } }));
    expect(open.coursewares).toMatchObject([{ id: video, name: '投影视频', duration: 600, progress: { percent: 0 } }]);
    // 张一 finished the first topic: the second is open to them, and opening its text completes it.
    const [, mine] = await tree(s.s1);
    expect(mine?.lockReason).toBeUndefined();
    expect(await data(await beat(s.s1, { coursewareId: notes, ranges: [] }))).toMatchObject({ completed: true });
    // The teacher sees every topic as it is, without a student's locks.
    const teacher = await tree(s.wang);
    expect(teacher.every((n) => n.lockReason === undefined && n.percent === undefined)).toBe(true);
  });
});

describe('the teacher’s progress view (course/progress)', () => {
  it('is a class × topic matrix with where the video loses its viewers, and exports as .xlsx', async () => {
    const m = await data(
      await call(s.wang, 'GET', 'course/progress', { query: { id: courseId, classId: s.org.class1 } }),
    );
    expect(m.topics.map((x: { name: string; depth: number }) => [x.name, x.depth])).toEqual([
      ['第一章 投影', 0],
      ['第二章 三视图', 0],
      ['第三章 剖视', 0],
      ['3.1 全剖', 1],
    ]);
    expect(m.students.map((x: { no: string; name: string }) => [x.no, x.name])).toEqual([
      ['S001', '张一'],
      ['S002', '张二'],
    ]);
    expect(m.students[0]).toMatchObject({ percent: 100, completedCount: 2 });
    expect(m.students[0].topics[0]).toEqual({ percent: 100, completed: true });
    expect(m.students[1].topics[0]).toEqual({ percent: 0, completed: false });
    // 张一 watched [0, 310) of 600 s: the first five tenths by one student of two; the sixth (300–360) only a sixth of it.
    expect(m.videos).toEqual([
      { coursewareId: video, name: '投影视频', duration: 600, tenths: [50, 50, 50, 50, 50, 0, 0, 0, 0, 0] },
    ]);
    const file = await call(s.wang, 'GET', 'course/progress/export', {
      query: { id: courseId, classId: s.org.class1 },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('第一章 投影');
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['S001', '张一', '100%']);
  });

  it('is refused to students (403), for classes the course is not taught to (400), out of reach (404)', async () => {
    const q = { id: courseId, classId: s.org.class1 };
    await refused(await call(s.s1, 'GET', 'course/progress', { query: q }), 403);
    await refused(
      await call(s.wang, 'GET', 'course/progress', { query: { id: courseId, classId: s.org.class2 }, lang: 'en' }),
      400,
      'This course is not taught to the chosen class',
    );
    await refused(await call(s.li, 'GET', 'course/progress', { query: q }), 404);
    await refused(await call(s.zhao, 'GET', 'course/progress', { query: q }), 404);
    await refused(await call(s.wang, 'GET', 'course/progress', { query: { id: UNKNOWN, classId: s.org.class1 } }), 404);
  });
});
