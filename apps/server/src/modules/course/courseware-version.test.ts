import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, add, course, topic } = courseCalls(() => t);
let libCourse: string;
let source: string;
let privateWare: string;
let liCourse: string;
let liTopic: string;
let point: string;
let otherPoint: string;

const VIDEO1 = 'https://video.example.com/v1.mp4';
const VIDEO2 = 'https://video.example.com/v2.mp4';
const VIDEO3 = 'https://video.example.com/v3.mp4';

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '596001', '596002');
  const flag = async (name: string) =>
    (
      await data(
        await t.as(s.admin, { method: 'POST', url: '/api/exam/pc/flag/submit', payload: { kind: 'knowledge', name } }),
      )
    ).id;
  point = await flag('三视图');
  otherPoint = await flag('剖视图');
  // 王老师's course in the public library, taught to class 1 and published; a 10-minute video on its first topic.
  libCourse = await course(s.wang, { name: '公共制图', isPublic: 1, classes: [{ classId: s.org.class1 }] });
  const libTopic = await topic(s.wang, libCourse, '第一章');
  source = await add(s.wang, 'courseware', {
    courseSubId: libTopic,
    name: '三视图讲解',
    kind: 'link',
    link: VIDEO1,
    duration: 600,
  });
  await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: libCourse, published: 1 } }));
  const privateCourse = await course(s.wang, { name: '私有课程' });
  privateWare = await add(s.wang, 'courseware', {
    courseSubId: await topic(s.wang, privateCourse, '一'),
    name: '私有课件',
    kind: 'richtext',
    content: '<p>x</p>',
  });
  liCourse = await course(s.li, { name: '李老师的课' });
  liTopic = await topic(s.li, liCourse, '引用章');
});
afterAll(() => t.close());

const detail = async (token: string, id: string) =>
  data(await call(token, 'GET', `courseware/detail`, { query: { id } }));
const versions = (token: string, id: string, lang = 'zh') =>
  call(token, 'GET', 'courseware/versions', { query: { id }, lang });
const follow = (token: string, id: string, action: string, lang = 'zh') =>
  call(token, 'POST', 'courseware/follow', { payload: { id, action }, lang });
const quote = (token: string, id: string, courseSubId: string, lang = 'zh') =>
  call(token, 'POST', 'courseware/quote', { payload: { id, courseSubId }, lang });

describe('courseware versions and quote by reference', () => {
  let quoted: string;

  it('quotes a library courseware pinned to its version; the library counts the courses using it', async () => {
    const res = await quote(s.li, source, liTopic);
    const row = await data(res);
    expect(res.json().msg).toBe('已引用课件“三视图讲解”');
    quoted = row.id;
    expect(row).toMatchObject({
      courseId: liCourse,
      courseSubId: liTopic,
      link: VIDEO1,
      duration: 600,
      sourceId: source,
      sourceVersion: 1,
      latestVersion: 1,
      version: 1,
    });
    const lib = await data(await call(s.li, 'GET', 'courseware/publicLib_pages', { query: { name: '三视图讲解' } }));
    expect(lib.records).toEqual([expect.objectContaining({ id: source, usedBy: 1, courseName: '公共制图' })]);
    expect((await detail(s.wang, source)).usedBy).toBe(1);
  });

  it('keeps each version with its note; the quoting course sees what is newer and keeps its pin until it updates', async () => {
    await data(
      await call(s.wang, 'POST', 'courseware/submit', {
        payload: { id: source, link: VIDEO2, changeNote: '换成高清视频' },
      }),
    );
    // A change of name only is not a new version.
    await data(await call(s.wang, 'POST', 'courseware/submit', { payload: { id: source, name: '三视图讲解' } }));
    expect((await detail(s.wang, source)).version).toBe(2);
    const pinned = await detail(s.li, quoted);
    expect(pinned).toMatchObject({ link: VIDEO1, sourceVersion: 1, latestVersion: 2 });
    const newer = await data(await versions(s.li, quoted));
    expect(newer).toMatchObject({ sourceId: source, sourceVersion: 1, latestVersion: 2 });
    expect(newer.versions).toEqual([
      expect.objectContaining({ version: 2, changeNote: '换成高清视频', createUserName: '王老师' }),
    ]);
    // Keeping changes nothing.
    const kept = await follow(s.li, quoted, 'keep');
    expect((await data(kept)).link).toBe(VIDEO1);
    expect(kept.json().msg).toBe('保持当前版本');
    const updated = await follow(s.li, quoted, 'update', 'en');
    expect(updated.json().msg).toBe('Updated to v2');
    expect(await data(updated)).toMatchObject({ link: VIDEO2, sourceVersion: 2, latestVersion: 2, version: 2 });
    expect((await data(await versions(s.li, quoted))).versions).toEqual([]);
  });

  it('makes a local copy that no longer follows but still counts as a use', async () => {
    await data(await call(s.wang, 'POST', 'courseware/submit', { payload: { id: source, link: VIDEO3 } }));
    expect((await detail(s.li, quoted)).latestVersion).toBe(3);
    const copied = await data(await follow(s.li, quoted, 'copy'));
    expect(copied).toMatchObject({ link: VIDEO2, sourceId: source, sourceVersion: 0, latestVersion: 0 });
    expect(await data(await versions(s.li, quoted))).toMatchObject({ latestVersion: 0, versions: [] });
    await refused(
      await follow(s.li, quoted, 'update', 'en'),
      400,
      'This courseware is not quoted, or was made a local copy',
    );
    expect((await detail(s.wang, source)).usedBy).toBe(1);
  });

  it('turns a quoted courseware whose content is edited into a local copy', async () => {
    const again = (await data(await quote(s.li, source, liTopic))).id;
    expect((await detail(s.li, again)).sourceVersion).toBe(3);
    const edited = await data(
      await call(s.li, 'POST', 'courseware/submit', { payload: { id: again, link: 'https://x.example.com/a.mp4' } }),
    );
    expect(edited).toMatchObject({ sourceId: source, sourceVersion: 0, latestVersion: 0 });
  });

  it('refuses what is out of reach like an unknown id, and bad input with clear messages', async () => {
    await refused(await quote(s.li, UNKNOWN, liTopic), 404);
    await refused(await quote(s.li, privateWare, liTopic), 404);
    await refused(await quote(s.zhao, source, liTopic), 404);
    await refused(await versions(s.zhao, source), 404);
    await refused(await versions(s.li, privateWare), 404);
    await refused(await versions(s.li, UNKNOWN), 404);
    await refused(await follow(s.zhao, source, 'update'), 404);
    await refused(await follow(s.li, UNKNOWN, 'update'), 404);
    // 李老师 may read 王老师's library course, not change it.
    await refused(await quote(s.li, source, (await detail(s.wang, source)).courseSubId, 'en'), 403);
    await refused(await follow(s.li, source, 'copy'), 403);
    // Not quoted at all.
    await refused(
      await follow(s.wang, source, 'update', 'en'),
      400,
      'This courseware is not quoted, or was made a local copy',
    );
    await refused(await quote(s.li, source, UNKNOWN, 'en'), 400, 'The chosen topic does not exist');
    await refused(await quote(s.li, 'abc', liTopic), 400);
    await refused(await versions(s.li, 'abc'), 400);
    await refused(await follow(s.li, source, 'merge', 'en'), 400, 'The action must be update, copy or keep');
  });

  it('answers 401 without a token and 403 without the code', async () => {
    for (const [method, url] of [
      ['POST', 'courseware/quote'],
      ['GET', `courseware/versions?id=${source}`],
      ['POST', 'courseware/follow'],
      ['GET', `course_study/segments?questionIds=${UNKNOWN}`],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/jd/pc/${url}`, payload: {} })).statusCode, url).toBe(401);
    }
    await refused(await quote(s.s1, source, liTopic), 403);
    await refused(await versions(s.s1, source), 403);
    await refused(await follow(s.s1, source, 'update'), 403);
  });
});

describe('courseware segments and the questions they teach', () => {
  const save = (segments: object[], lang = 'zh') =>
    call(s.wang, 'POST', 'courseware/submit', { payload: { id: source, segments }, lang });

  it('keeps a courseware’s segments in order, checked against its length and the knowledge tree', async () => {
    const saved = await data(
      await save([
        { label: '主视图', start: 135, end: 220, flagIds: [point, point] },
        { label: '剖视', start: 300, end: 360, flagIds: [otherPoint] },
      ]),
    );
    expect(saved.segments).toEqual([
      expect.objectContaining({ label: '主视图', start: 135, end: 220, flagIds: [point] }),
      expect.objectContaining({ label: '剖视', start: 300, end: 360, flagIds: [otherPoint] }),
    ]);
    await refused(
      await save([{ label: '倒', start: 300, end: 200 }], 'en'),
      400,
      'Segment “倒” must start before it ends',
    );
    await refused(
      await save([{ label: '长', start: 500, end: 700 }], 'en'),
      400,
      'Segment “长” ends beyond the courseware’s length (600)',
    );
    await refused(
      await save([{ label: 'x', start: 1, end: 2, flagIds: [UNKNOWN] }], 'en'),
      400,
      'A knowledge point chosen for a segment does not exist',
    );
    await refused(await save([{ label: 'x', start: -1, end: 2 }], 'en'), 400);
    expect((await detail(s.wang, source)).segments).toHaveLength(2);
    // Quoting the whole course copies the segments with the coursewares.
    const copy = await data(await call(s.li, 'POST', 'course/quote_course', { payload: { id: libCourse } }));
    const wares = await data(await call(s.li, 'GET', 'courseware/list', { query: { courseId: copy.id } }));
    expect(wares.records[0]).toMatchObject({ sourceId: source, latestVersion: 3 });
    expect(wares.records[0].segments.map((g: { label: string }) => g.label)).toEqual(['主视图', '剖视']);
  });

  it('links a question to the segments of its knowledge points in courses the caller studies', async () => {
    const libId = (await data(await call(s.wang, 'POST', 'question_lib/submit', { payload: { name: '制图题库' } }))).id;
    const question = async (flagIds: string[]) =>
      (
        await data(
          await call(s.wang, 'POST', '/api/exam/pc/question/save', {
            payload: {
              libId,
              type: 'single',
              stem: '<p>主视图反映物体的哪两个尺寸？</p>',
              items: [
                { content: '<p>长和高</p>', isAnswer: 1 },
                { content: '<p>长和宽</p>', isAnswer: 0 },
              ],
              score: 2,
              flagIds,
            },
          }),
        )
      ).id;
    const q1 = await question([point]);
    const q2 = await question([]);
    const segments = (token: string, ids: string[], lang = 'zh') =>
      call(token, 'GET', 'course_study/segments', { query: { questionIds: ids.join(',') }, lang });
    const found = await data(await segments(s.s1, [q1, q2, UNKNOWN]));
    expect(found).toEqual([
      {
        questionId: q1,
        courseId: libCourse,
        courseName: '公共制图',
        topicId: expect.any(String),
        coursewareId: source,
        coursewareName: '三视图讲解',
        start: 135,
        end: 220,
        label: '主视图',
        kind: 'time',
        locked: false,
      },
    ]);
    // Class 2 is not taught the course; the teacher reads it; another school knows nothing of these questions.
    expect(await data(await segments(s.s3, [q1]))).toEqual([]);
    // 王老师 reads his own course (李老师's copies are private to 李老师).
    const teacher = await data(await segments(s.wang, [q1]));
    expect(teacher.map((r: { coursewareId: string }) => r.coursewareId)).toContain(source);
    expect(await data(await segments(s.zhao, [q1]))).toEqual([]);
    expect(await data(await segments(s.outsider, [q1]))).toEqual([]);
    await refused(await segments(s.s1, [], 'en'), 400, 'Give 1 to 100 question ids, separated by commas');
    await refused(await segments(s.s1, ['abc'], 'en'), 400, 'Give 1 to 100 question ids, separated by commas');
  });
});
