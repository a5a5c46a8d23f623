import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, course, topic } = courseCalls(() => t);

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '593001', '593002');
});
afterAll(() => t.close());

/** Two answers that must be the same (a course out of reach answers as an unknown one). */
async function alike(
  a: Promise<{ statusCode: number; json(): unknown }>,
  b: Promise<{ statusCode: number; json(): unknown }>,
) {
  const [x, y] = [await a, await b];
  expect(x.statusCode).toBe(y.statusCode);
  expect(x.json()).toEqual(y.json());
  return x.statusCode;
}

describe('courses (course)', () => {
  it('a teacher writes a course taught to their classes, with release dates for its topics', async () => {
    const id = await course(s.wang, {
      description: '<p>零件图</p><script>alert(1)</script>',
      hours: 48,
      classes: [{ classId: s.org.class1 }],
    });
    const first = await topic(s.wang, id, '第一章 投影');
    const release = '2030-09-01T08:00:00.000Z';
    await data(
      await call(s.wang, 'POST', 'course/submit', {
        payload: {
          id,
          classes: [{ classId: s.org.class1, releases: { [first]: release } }, { classId: s.org.class2 }],
        },
      }),
    );
    const row = await data(await call(s.wang, 'GET', 'course/detail', { query: { id } }));
    expect(row).toMatchObject({
      name: '机械制图',
      hours: 48,
      published: 0,
      isPublic: 0,
      access: 'own',
      ownerName: '王老师',
      topicCount: 1,
      coursewareCount: 0,
    });
    expect(row.description).not.toContain('script');
    expect(row.classes).toMatchObject([
      { classId: s.org.class1, releases: { [first]: release } },
      { classId: s.org.class2, releases: {} },
    ]);
  });

  it('refuses bad input with a message in the caller’s language; never a 500', async () => {
    const bad = (payload: object, lang: string) => call(s.wang, 'POST', 'course/submit', { payload, lang });
    await refused(await bad({ name: '' }, 'zh'), 400, '请输入课程名称');
    await refused(await bad({ name: '' }, 'en'), 400, 'Enter the course’s name');
    const hours = await bad({ name: 'x', hours: 5000 }, 'en');
    expect(hours.statusCode).toBe(400);
    expect(hours.json().msg).toContain('Hours must be a whole number from 0 to 1000');
    await refused(
      await bad({ name: 'x', classes: [{ classId: s.org.class1 }, { classId: s.org.class1 }] }, 'zh'),
      400,
      '同一个班级不能重复添加',
    );
    await refused(await bad({ name: 'x', directionId: UNKNOWN }, 'en'), 400, 'The chosen direction does not exist');
    await refused(
      await bad(
        { name: 'x', classes: [{ classId: s.org.class1, releases: { [UNKNOWN]: '2030-01-01T00:00:00Z' } }] },
        'zh',
      ),
      400,
      '开放时间只能设置给本课程的知识点',
    );
    const when = await bad({ name: 'x', classes: [{ classId: s.org.class1, releases: { '1': 'soon' } }] }, 'zh');
    expect(when.statusCode).toBe(400);
    expect(when.json().msg).toContain('知识点的开放时间无效');
    await refused(await call(s.wang, 'POST', 'course/quote_course', { payload: { id: 'abc' } }), 400);
    await refused(await call(s.wang, 'POST', 'course/publish', { payload: { id: UNKNOWN, published: 2 } }), 400);
  });

  it('answers 401 without a token and 403 without the code', async () => {
    for (const [method, url] of [
      ['GET', 'course/list'],
      ['GET', 'course/tree'],
      ['GET', 'course/student_course_list'],
      ['POST', 'course/quote_course'],
      ['POST', 'course/publish'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/jd/pc/${url}`, payload: {} })).statusCode, url).toBe(401);
    }
    await refused(await call(s.s1, 'POST', 'course/submit', { payload: { name: 'x' } }), 403);
    await refused(await call(s.s1, 'GET', 'course/list'), 403);
    await refused(await call(s.s1, 'GET', 'course/tree'), 403);
    await refused(await call(s.s1, 'POST', 'course/quote_course', { payload: { id: UNKNOWN } }), 403);
    await refused(await call(s.s1, 'POST', 'course/publish', { payload: { id: UNKNOWN, published: 1 } }), 403);
    await refused(await call(s.wang, 'GET', 'course/student_course_list'), 403);
  });

  it('is taught only to the teacher’s related classes; an edit-sharer keeps the owner’s classes', async () => {
    await refused(
      await call(s.li, 'POST', 'course/submit', { payload: { name: 'x', classes: [{ classId: s.org.class1 }] } }),
      403,
    );
    const id = await course(s.wang, { name: '共享编辑', classes: [{ classId: s.org.class1 }] });
    await data(
      await call(s.wang, 'POST', 'course_permission/submit', {
        payload: {
          courseId: id,
          granteeType: 'teacher',
          granteeId: (await t.login('li', '123456', '593001')).user_id,
          access: 'edit',
        },
      }),
    );
    const kept = await data(
      await call(s.li, 'POST', 'course/submit', { payload: { id, hours: 8, classes: [{ classId: s.org.class1 }] } }),
    );
    expect(kept.classes).toHaveLength(1);
    await refused(
      await call(s.li, 'POST', 'course/submit', {
        payload: { id, classes: [{ classId: s.org.class1 }, { classId: s.org.class2 }] },
      }),
      403,
    );
    // Only the owner deletes or puts it in the library.
    await refused(
      await call(s.li, 'POST', 'course/submit', { payload: { id, isPublic: 1 } }),
      403,
      '只有课程的创建者才能发布到公共资源库、共享或删除课程',
    );
    await refused(await call(s.li, 'POST', 'course/remove', { query: { ids: id } }), 403);
  });

  it('is published to its classes: a student of the class sees it, anyone else gets 404 like an unknown id', async () => {
    const id = await course(s.wang, { name: '公差配合' });
    await refused(
      await call(s.wang, 'POST', 'course/publish', { payload: { id, published: 1 }, lang: 'en' }),
      400,
      'Choose the classes it is taught to before publishing the course',
    );
    await data(await call(s.wang, 'POST', 'course/submit', { payload: { id, classes: [{ classId: s.org.class1 }] } }));
    await topic(s.wang, id, '第一章');
    const mine = async (token: string) =>
      (await data(await call(token, 'GET', 'course/student_course_list', { query: { size: '100' } }))).records as {
        id: string;
      }[];
    expect((await mine(s.s1)).some((c) => c.id === id)).toBe(false);
    const published = await call(s.wang, 'POST', 'course/publish', { payload: { id, published: 1 } });
    expect((await data(published)).published).toBe(1);
    expect(published.json().msg).toBe('课程已发布给所授班级的学生');
    const card = (await mine(s.s1)).find((c) => c.id === id);
    expect(card).toMatchObject({ name: '公差配合', teacherName: '王老师', topicCount: 1, percent: 0 });
    // 王三 is in class 2: the course is not theirs; the other tenant's student neither.
    expect((await mine(s.s3)).some((c) => c.id === id)).toBe(false);
    const tree = (token: string, courseId: string) => call(token, 'GET', 'course_sub/tree', { query: { courseId } });
    expect((await data(await tree(s.s1, id)))[0].name).toBe('第一章');
    expect(await alike(tree(s.s3, id), tree(s.s3, UNKNOWN))).toBe(404);
    expect(await alike(tree(s.outsider, id), tree(s.outsider, UNKNOWN))).toBe(404);
    // Hidden again: gone for the student too.
    await data(await call(s.wang, 'POST', 'course/publish', { payload: { id, published: 0 } }));
    expect(await alike(tree(s.s1, id), tree(s.s1, UNKNOWN))).toBe(404);
  });

  it('keeps another tenant’s courses exactly like courses that do not exist', async () => {
    const id = await course(s.wang, { name: '本校课程', isPublic: 1 });
    expect(
      await alike(
        call(s.zhao, 'GET', 'course/detail', { query: { id } }),
        call(s.zhao, 'GET', 'course/detail', { query: { id: UNKNOWN } }),
      ),
    ).toBe(404);
    await alike(
      call(s.zhao, 'POST', 'course/quote_course', { payload: { id } }),
      call(s.zhao, 'POST', 'course/quote_course', { payload: { id: UNKNOWN } }),
    );
    await alike(
      call(s.zhao, 'POST', 'course/publish', { payload: { id, published: 1 } }),
      call(s.zhao, 'POST', 'course/publish', { payload: { id: UNKNOWN, published: 1 } }),
    );
    const lib = await data(await call(s.zhao, 'GET', 'course/tree'));
    expect(JSON.stringify(lib)).not.toContain(id);
  });

  it('quote_course copies a readable course with its topic tree, coursewares and papers, keeping its source', async () => {
    const id = await course(s.wang, { name: '数控车削', classes: [{ classId: s.org.class1 }] });
    const ch1 = await topic(s.wang, id, '第一章');
    const sec = await topic(s.wang, id, '1.1 坐标系', ch1);
    await topic(s.wang, id, '1.1.1 机床原点', sec, { locked: 1 });
    await topic(s.wang, id, '第二章');
    const ware = await data(
      await call(s.wang, 'POST', 'courseware/submit', {
        payload: { courseSubId: sec, name: '讲义', kind: 'richtext', content: '<p>坐标系</p>' },
      }),
    );
    const paperId = (
      await data(
        await call(s.wang, 'POST', 'paper/submit', {
          payload: { title: '坐标系练习', paperType: 'practice', isPublic: 1 },
        }),
      )
    ).id;
    await data(
      await call(s.wang, 'POST', 'course_paper/add_batch', {
        payload: { courseId: id, courseSubId: sec, paperIds: [paperId] },
      }),
    );
    // Private: 李老师 cannot quote it (404 like an unknown course); published to the library, they can.
    expect(
      await alike(
        call(s.li, 'POST', 'course/quote_course', { payload: { id } }),
        call(s.li, 'POST', 'course/quote_course', { payload: { id: UNKNOWN } }),
      ),
    ).toBe(404);
    await data(await call(s.wang, 'POST', 'course/submit', { payload: { id, isPublic: 1 } }));
    const lib = await data(await call(s.li, 'GET', 'course/tree'));
    expect(lib.flatMap((g: { courses: { id: string }[] }) => g.courses.map((c) => c.id))).toContain(id);
    const res = await call(s.li, 'POST', 'course/quote_course', {
      payload: { id, name: '数控车削（李）' },
      lang: 'en',
    });
    const copy = await data(res);
    expect(res.json().msg).toBe('Quoted as your own course “数控车削（李）”');
    expect(copy).toMatchObject({
      sourceId: id,
      isPublic: 0,
      published: 0,
      access: 'own',
      classes: [],
      topicCount: 4,
      coursewareCount: 1,
    });
    const tree = await data(await call(s.li, 'GET', 'course_sub/tree', { query: { courseId: copy.id } }));
    expect(tree.map((n: { name: string }) => n.name)).toEqual(['第一章', '第二章']);
    const copiedSec = tree[0].children[0];
    expect(copiedSec).toMatchObject({ name: '1.1 坐标系', coursewareCount: 1, paperCount: 1 });
    expect(copiedSec.children[0]).toMatchObject({ name: '1.1.1 机床原点', locked: 1 });
    expect(copiedSec.id).not.toBe(sec);
    const wares = await data(await call(s.li, 'GET', 'courseware/list', { query: { courseId: copy.id } }));
    expect(wares.records[0]).toMatchObject({
      name: '讲义',
      sourceId: ware.id,
      sourceVersion: 1,
      courseSubId: copiedSec.id,
    });
    // The original is untouched and still the owner's alone.
    await refused(
      await call(s.li, 'POST', 'course/submit', { payload: { id, name: '改名' } }),
      403,
      '这是其他教师的课程，您只能查看或引用',
    );
  });

  it('only the owner removes a course, which takes its topics along', async () => {
    const id = await course(s.wang, { name: '待删除' });
    const first = await topic(s.wang, id, '第一章');
    await data(await call(s.wang, 'POST', 'course/remove', { query: { ids: id } }));
    await refused(await call(s.wang, 'GET', 'course_sub/detail', { query: { id: first } }), 404);
    await refused(await call(s.wang, 'GET', 'course/detail', { query: { id } }), 404);
  });
});
