import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStudy } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool } from './course.fixtures.ts';

// The heartbeat reads a topic's openness in one statement (course.heartbeat.ts): these are the rules it must still
// keep along a deeper tree — release dates and prerequisites met above the courseware's own topic — and the clock
// counted once when two devices beat at the same moment.

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, add, course, topic } = courseCalls(() => t);
let courseId: string;
let basics: string;
let basicsVideo: string;
let drawing: string;
let drawingNotes: string;
let later: string;
let laterNotes: string;

const video = (courseSubId: string, name: string) =>
  add(s.wang, 'courseware', {
    courseSubId,
    name,
    kind: 'link',
    link: 'https://video.example.com/2.mp4',
    duration: 60,
    completion: { kind: 'share', value: 50 },
  });
const notes = (courseSubId: string, name: string) =>
  add(s.wang, 'courseware', { courseSubId, name, kind: 'richtext', content: '<p>要点</p>' });

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '597001', '597002');
  courseId = await course(s.wang, { classes: [{ classId: s.org.class1 }] });
  // 第一章 holds its video one level down; 第二章 needs 第一章 complete, and its notes are two levels down; 第三章
  // opens to the class on a date.
  basics = await topic(s.wang, courseId, '第一章 基础');
  basicsVideo = await video(await topic(s.wang, courseId, '1.1 概述', basics), '概述视频');
  drawing = await topic(s.wang, courseId, '第二章 制图', '0', { locked: 1 });
  const section = await topic(s.wang, courseId, '2.1 图线', drawing);
  drawingNotes = await notes(await topic(s.wang, courseId, '2.1.1 线型', section), '线型要点');
  later = await topic(s.wang, courseId, '第三章 装配');
  laterNotes = await notes(await topic(s.wang, courseId, '3.1 装配图', later), '装配要点');
  await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: courseId, published: 1 } }));
});
afterAll(() => t.close());

const beat = (token: string, payload: object, lang = 'zh') =>
  call(token, 'POST', 'course_study/heartbeat', { payload, lang });

const releaseLater = (at: string) =>
  call(s.wang, 'POST', 'course/submit', {
    payload: { id: courseId, classes: [{ classId: s.org.class1, releases: { [later]: at } }] },
  });

/** Moves the student's last beat back in time, as if `seconds` had passed on the clock. */
async function wait(coursewareId: string, seconds: number) {
  await t.db
    .update(courseStudy)
    .set({ beatTime: sql`${courseStudy.beatTime} - ${seconds} * interval '1 second'` })
    .where(eq(courseStudy.coursewareId, coursewareId));
}

describe('the heartbeat keeps the locks of every topic above the courseware', () => {
  it('refuses a courseware under a topic whose release date is ahead, and takes it once the date is past', async () => {
    await data(await releaseLater('2099-09-01T08:00:00.000Z'));
    await refused(
      await beat(s.s1, { coursewareId: laterNotes, ranges: [] }),
      403,
      '本知识点将于 2099-09-01 08:00 开放',
    );
    await refused(
      await beat(s.s1, { coursewareId: laterNotes, ranges: [] }, 'en'),
      403,
      'This topic opens on 2099-09-01 08:00',
    );
    await data(await releaseLater('2020-09-01T08:00:00.000Z'));
    expect(await data(await beat(s.s1, { coursewareId: laterNotes, ranges: [] }))).toMatchObject({ completed: true });
  });

  it('refuses a courseware two levels under a locked topic until the topic before it is complete', async () => {
    await refused(
      await beat(s.s1, { coursewareId: drawingNotes, ranges: [] }),
      403,
      '请先学完上一个知识点“第一章 基础”，再学习本知识点',
    );
    // Opening the video is not finishing it: still closed.
    await data(await beat(s.s1, { coursewareId: basicsVideo, ranges: [[0, 10]], position: 10 }));
    await refused(await beat(s.s1, { coursewareId: drawingNotes, ranges: [] }), 403);
    // Half of it watched (the rule): 第一章 is complete, 第二章 opens to 张一 — not to 张二.
    await wait(basicsVideo, 20);
    expect(await data(await beat(s.s1, { coursewareId: basicsVideo, ranges: [[0, 40]], position: 40 }))).toMatchObject({
      completed: true,
    });
    expect(await data(await beat(s.s1, { coursewareId: drawingNotes, ranges: [] }))).toMatchObject({ completed: true });
    const other = (await t.login('S002', '123456', '597001')).access_token;
    await refused(await beat(other, { coursewareId: drawingNotes, ranges: [] }), 403);
  });

  it('is 404 once the course is withdrawn from its students', async () => {
    await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: courseId, published: 0 } }));
    await refused(await beat(s.s1, { coursewareId: basicsVideo, ranges: [] }), 404);
    await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: courseId, published: 1 } }));
  });
});

describe('two devices beating at the same moment', () => {
  it('count the clock once and credit what was watched once', async () => {
    const clip = await video(basics, '第二段视频');
    await data(await beat(s.s1, { coursewareId: clip, ranges: [], position: 0 }));
    await wait(clip, 10);
    const both = await Promise.all(
      [0, 1].map(() => beat(s.s1, { coursewareId: clip, ranges: [[0, 30]], position: 30 })),
    );
    for (const res of both) expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(courseStudy).where(eq(courseStudy.coursewareId, clip));
    // 10 s of clock: 10 s spent, and at most 20 s (2 × 10) of the video credited — not twice that.
    expect(row).toMatchObject({ seconds: 10, ranges: [[0, 20]], position: 30 });
  });
});
