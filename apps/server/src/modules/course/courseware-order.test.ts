import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, add, course, topic } = courseCalls(() => t);
let topicId: string;
let publicWare: string;
const ware: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '598001', '598002');
  const courseId = await course(s.wang, { name: '制图' });
  topicId = await topic(s.wang, courseId, '第一章');
  for (const name of ['甲', '乙', '丙'])
    ware[name] = await add(s.wang, 'courseware', {
      courseSubId: topicId,
      name,
      kind: 'richtext',
      content: `<p>${name}</p>`,
    });
  const shown = await course(s.wang, { name: '公开制图', isPublic: 1 });
  publicWare = await add(s.wang, 'courseware', {
    courseSubId: await topic(s.wang, shown, '第一章'),
    name: '公开',
    kind: 'richtext',
    content: '<p>公开</p>',
  });
});
afterAll(() => t.close());

const order = async () =>
  (await data(await call(s.wang, 'GET', 'courseware/list', { query: { courseSubId: topicId } }))).records.map(
    (r: { name: string }) => r.name,
  );
const step = (token: string, direction: 'up' | 'down', id: string, lang?: string) =>
  call(token, 'POST', `courseware/move/${direction}/${id}`, lang ? { lang } : {});

describe('courseware order (courseware/move/up|down/{id})', () => {
  it('moves a courseware one step among its topic’s; at either end it stays', async () => {
    expect(await order()).toEqual(['甲', '乙', '丙']);
    await data(await step(s.wang, 'down', ware.甲!));
    expect(await order()).toEqual(['乙', '甲', '丙']);
    await data(await step(s.wang, 'up', ware.丙!));
    expect(await order()).toEqual(['乙', '丙', '甲']);
    await data(await step(s.wang, 'up', ware.乙!));
    await data(await step(s.wang, 'down', ware.甲!));
    expect(await order()).toEqual(['乙', '丙', '甲']);
  });

  it('answers 401, 403 (no code; a course only read), 400 on a bad id, 404 out of reach or unknown', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/jd/pc/courseware/move/up/${ware.甲}` })).statusCode).toBe(
      401,
    );
    await refused(await step(s.s1, 'up', ware.甲!), 403);
    await refused(
      await step(s.li, 'up', publicWare, 'en'),
      403,
      'This is another teacher’s course: you may view or quote it only',
    );
    await refused(await step(s.wang, 'up', 'abc'), 400);
    await refused(await step(s.li, 'up', ware.甲!), 404);
    await refused(await step(s.zhao, 'up', ware.甲!), 404);
    await refused(await step(s.wang, 'up', UNKNOWN), 404);
    expect(await order()).toEqual(['乙', '丙', '甲']);
  });
});
