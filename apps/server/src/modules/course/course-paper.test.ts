import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, course, topic, paper } = courseCalls(() => t);
let courseId = '';
let sec = '';

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '595001', '595002');
  courseId = await course(s.wang);
  sec = await topic(s.wang, courseId, '第一章');
});
afterAll(() => t.close());

const notRelated = async (token: string, courseSubId: string) =>
  (await data(await call(token, 'GET', 'paper/not_relate_page', { query: { courseSubId, size: '100' } }))).records.map(
    (r: { id: string }) => r.id,
  ) as string[];

describe('course papers (course_paper)', () => {
  it('add_batch puts readable papers on a topic once; not_relate_page lists the rest', async () => {
    const [a, b] = [await paper(s.wang, '甲卷'), await paper(s.wang, '乙卷')];
    const hidden = await paper(s.li, '李老师的卷');
    expect(await notRelated(s.wang, sec)).toEqual(expect.arrayContaining([a, b]));
    expect(await notRelated(s.wang, sec)).not.toContain(hidden);
    const res = await call(s.wang, 'POST', 'course_paper/add_batch', {
      payload: { courseId, courseSubId: sec, paperIds: [a, a] },
    });
    expect((await data(res)).added).toBe(1);
    expect(res.json().msg).toBe('已添加 1 份试卷');
    const again = await data(
      await call(s.wang, 'POST', 'course_paper/add_batch', {
        payload: { courseId, courseSubId: sec, paperIds: [a, b] },
      }),
    );
    expect(again.added).toBe(1);
    expect(await notRelated(s.wang, sec)).not.toEqual(expect.arrayContaining([a]));
    const list = await data(await call(s.wang, 'GET', 'course_paper/list', { query: { courseSubId: sec } }));
    expect(list.records).toMatchObject([
      { paperId: a, paperTitle: '甲卷', paperType: 'practice', courseId },
      { paperId: b, paperTitle: '乙卷' },
    ]);
    // One at a time through submit: a paper already there is refused.
    await refused(
      await call(s.wang, 'POST', 'course_paper/submit', { payload: { courseSubId: sec, paperId: a }, lang: 'en' }),
      400,
      'This paper is already on this topic',
    );
    // A paper on a course stays while it is there.
    const removed = await call(s.wang, 'POST', 'paper/remove', { query: { ids: a } });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toContain('课程');
  });

  it('refuses bad input in the caller’s language, papers one cannot read, and other courses’ topics', async () => {
    const bad = (payload: object, lang = 'zh') => call(s.wang, 'POST', 'course_paper/add_batch', { payload, lang });
    await refused(await bad({ courseId, courseSubId: sec, paperIds: [] }), 400, '请至少选择一份试卷');
    await refused(await bad({ courseId, courseSubId: sec, paperIds: [] }, 'en'), 400, 'Choose at least one paper');
    const hidden = await paper(s.li, '私卷');
    await refused(await bad({ courseId, courseSubId: sec, paperIds: [hidden] }), 400, '所选试卷不存在');
    const otherCourse = await course(s.wang, { name: '另一门' });
    await refused(await bad({ courseId: otherCourse, courseSubId: sec, paperIds: [hidden] }), 400, '所选知识点不存在');
    await refused(await bad({ courseId, courseSubId: UNKNOWN, paperIds: [hidden] }), 400, '所选知识点不存在');
    await refused(await call(s.wang, 'GET', 'paper/not_relate_page', { query: {} }), 400);
  });

  it('answers 401 and 403; other teachers and tenants reach nothing', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/jd/pc/course_paper/add_batch', payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/jd/pc/paper/not_relate_page' })).statusCode).toBe(401);
    await refused(
      await call(s.s1, 'POST', 'course_paper/add_batch', {
        payload: { courseId, courseSubId: sec, paperIds: [UNKNOWN] },
      }),
      403,
    );
    await refused(await call(s.s1, 'GET', 'paper/not_relate_page', { query: { courseSubId: sec } }), 403);
    const own = await paper(s.li, '李卷');
    await refused(
      await call(s.li, 'POST', 'course_paper/add_batch', { payload: { courseId, courseSubId: sec, paperIds: [own] } }),
      400,
      '所选课程不存在',
    );
    const [a, b] = [
      await call(s.zhao, 'GET', 'paper/not_relate_page', { query: { courseSubId: sec } }),
      await call(s.zhao, 'GET', 'paper/not_relate_page', { query: { courseSubId: UNKNOWN } }),
    ];
    expect(a.statusCode).toBe(404);
    expect(a.json()).toEqual(b.json());
    await refused(await call(s.li, 'GET', 'paper/not_relate_page', { query: { courseSubId: sec } }), 404);
  });
});
