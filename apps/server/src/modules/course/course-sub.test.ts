import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencePlaces } from '../../core/crud/references.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, course, topic, uploadPdf, add } = courseCalls(() => t);
let courseId = '';

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '594001', '594002');
  courseId = await course(s.wang, { classes: [{ classId: s.org.class1 }] });
});
afterAll(() => t.close());

const tree = async (token: string, id = courseId) =>
  data(await call(token, 'GET', 'course_sub/tree', { query: { courseId: id } }));

describe('course topics (course_sub)', () => {
  it('builds a three-level tree in order, moves topics up and down, links knowledge points', async () => {
    const id = await course(s.wang, { name: '三级' });
    const flag = await data(
      await t.as(s.admin, {
        method: 'POST',
        url: '/api/exam/pc/flag/submit',
        payload: { kind: 'knowledge', name: '投影' },
      }),
    );
    const ch1 = await topic(s.wang, id, '第一章', '0', { flagIds: [flag.id, flag.id] });
    const ch2 = await topic(s.wang, id, '第二章');
    const sec = await topic(s.wang, id, '1.1', ch1);
    await topic(s.wang, id, '1.1.1', sec);
    let nodes = await tree(s.wang, id);
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(['第一章', '第二章']);
    expect(nodes[0]).toMatchObject({ flagIds: [flag.id], children: [{ name: '1.1', children: [{ name: '1.1.1' }] }] });
    await data(await call(s.wang, 'POST', `course_sub/move/up/${ch2}`));
    nodes = await tree(s.wang, id);
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(['第二章', '第一章']);
    await data(await call(s.wang, 'POST', 'course_sub/move', { payload: { id: sec, parentId: ch2, index: 0 } }));
    nodes = await tree(s.wang, id);
    expect(nodes[0].children[0]).toMatchObject({ name: '1.1', children: [{ name: '1.1.1' }] });
    // Removing a topic with subtopics needs cascade.
    await refused(
      await call(s.wang, 'POST', 'course_sub/remove', { query: { ids: ch2 } }),
      400,
      '知识点“第二章”下还有下级知识点，请先删除下级或一并删除',
    );
    await data(await call(s.wang, 'POST', 'course_sub/remove', { query: { ids: ch2, cascade: '1' } }));
    expect((await tree(s.wang, id)).map((n: { name: string }) => n.name)).toEqual(['第一章']);
  });

  it('refuses bad topics in the caller’s language', async () => {
    const bad = (payload: object, lang = 'zh') => call(s.wang, 'POST', 'course_sub/submit', { payload, lang });
    await refused(await bad({ courseId, name: '' }), 400, '请输入知识点名称');
    await refused(await bad({ courseId, name: '' }, 'en'), 400, 'Enter the topic’s name');
    await refused(await bad({ courseId, name: 'x', parentId: UNKNOWN }, 'en'), 400, 'The chosen topic does not exist');
    await refused(await bad({ courseId, name: 'x', flagIds: [UNKNOWN] }), 400, '所选知识点标签不存在');
    await refused(await bad({ courseId: UNKNOWN, name: 'x' }), 400, '所选课程不存在');
    const other = await topic(s.wang, await course(s.wang, { name: '另一门' }), '甲');
    await refused(await bad({ courseId, name: 'x', parentId: other }), 400, '所选知识点不存在');
    const mine = await topic(s.wang, courseId, '乙');
    await refused(
      await bad({ id: mine, parentId: mine }, 'en'),
      400,
      'A topic cannot move under itself or one of its subtopics',
    );
  });

  it('answers 401, 403; other teachers and tenants reach nothing (404 like unknown ids)', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/jd/pc/course_sub/tree', query: { courseId } })).statusCode,
    ).toBe(401);
    await refused(await call(s.s1, 'POST', 'course_sub/submit', { payload: { courseId, name: 'x' } }), 403);
    await refused(await call(s.s1, 'GET', 'course_sub/list'), 403);
    const first = await topic(s.wang, courseId, '私有');
    await refused(await call(s.li, 'GET', 'course_sub/detail', { query: { id: first } }), 404);
    await refused(
      await call(s.li, 'POST', 'course_sub/submit', { payload: { courseId, name: 'x' } }),
      400,
      '所选课程不存在',
    );
    await refused(await call(s.zhao, 'GET', 'course_sub/tree', { query: { courseId } }), 404);
    await refused(await call(s.zhao, 'POST', `course_sub/move/up/${first}`), 404);
    await refused(await call(s.wang, 'GET', 'course_sub/tree', { query: { courseId: 'abc' } }), 400);
  });
});

describe('coursewares (courseware)', () => {
  it('holds a file, rich text or a link on a topic, with its completion rule; the version rises with what students see', async () => {
    const sec = await topic(s.wang, courseId, '第三章');
    const attachId = await uploadPdf(s.wang);
    const file = await data(
      await call(s.wang, 'POST', 'courseware/submit', {
        payload: { courseSubId: sec, name: '讲义', kind: 'file', attachId, completion: { kind: 'time', value: 60 } },
      }),
    );
    expect(file).toMatchObject({ courseId, kind: 'file', extension: 'pdf', originalName: '讲义.pdf', version: 1 });
    expect(file.link).toMatch(/^\/files\//);
    expect(file.completion).toEqual({ kind: 'time', value: 60 });
    const text = await data(
      await call(s.wang, 'POST', 'courseware/submit', {
        payload: { courseSubId: sec, name: '要点', kind: 'richtext', content: '<p>三视图</p><script>x</script>' },
      }),
    );
    expect(text.content).not.toContain('script');
    expect(text.completion).toEqual({ kind: 'opened', value: 0 });
    const renamed = await data(
      await call(s.wang, 'POST', 'courseware/submit', { payload: { id: text.id, name: '要点一' } }),
    );
    expect(renamed.version).toBe(1);
    const changed = await data(
      await call(s.wang, 'POST', 'courseware/submit', { payload: { id: text.id, content: '<p>三视图与剖视</p>' } }),
    );
    expect(changed.version).toBe(2);
    const link = await add(s.wang, 'courseware', {
      courseSubId: sec,
      name: '国家资源库',
      kind: 'link',
      link: 'https://www.icve.com.cn/',
    });
    const list = await data(await call(s.wang, 'GET', 'courseware/list', { query: { courseSubId: sec } }));
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([file.id, text.id, link]);
    // A file in use as a courseware stays (attachments ask the references before they go).
    const places = await referencePlaces(t.db, 'zh', '594001', 'attach', [file.link]);
    expect(places.get(file.link)).toContain('课件《讲义》');
  });

  it('refuses what a kind needs and bad rules, in the caller’s language', async () => {
    const sec = await topic(s.wang, courseId, '第四章');
    const bad = (payload: object, lang = 'zh') =>
      call(s.wang, 'POST', 'courseware/submit', { payload: { courseSubId: sec, name: 'x', ...payload }, lang });
    await refused(await bad({ name: '', kind: 'file' }), 400, '请输入课件名称');
    await refused(await bad({ kind: 'video' }, 'en'), 400, 'A courseware is a file, rich text or a link');
    await refused(await bad({ kind: 'file' }), 400, '请上传课件文件');
    await refused(
      await bad({ kind: 'file', attachId: UNKNOWN }, 'en'),
      400,
      'The chosen file does not exist; upload it again',
    );
    await refused(
      await bad({ kind: 'link', link: 'javascript:alert(1)' }),
      400,
      '请输入以 http:// 或 https:// 开头的链接',
    );
    await refused(
      await bad({ kind: 'richtext', content: '<p> </p>' }, 'en'),
      400,
      'Enter the rich-text courseware’s content',
    );
    const share = await bad({ kind: 'richtext', content: 'x', completion: { kind: 'share', value: 0 } });
    expect(share.statusCode).toBe(400);
    expect(share.json().msg).toContain('按观看或阅读比例完成时');
    await refused(
      await bad({ kind: 'richtext', content: 'x', completion: { kind: 'paper' } }, 'en'),
      400,
      'This topic has no paper yet: passing its paper cannot complete it',
    );
    await refused(await bad({ courseSubId: UNKNOWN, kind: 'richtext', content: 'x' }), 400, '所选知识点不存在');
  });

  it('is the course’s: a read-only reader is refused, others and other tenants get 404; the public library lists public ones', async () => {
    const id = await course(s.wang, { name: '公开课' });
    const sec = await topic(s.wang, id, '第一章');
    const ware = await add(s.wang, 'courseware', {
      courseSubId: sec,
      name: '公开讲义',
      kind: 'richtext',
      content: '<p>a</p>',
    });
    await refused(await call(s.li, 'GET', 'courseware/detail', { query: { id: ware } }), 404);
    await data(await call(s.wang, 'POST', 'course/submit', { payload: { id, isPublic: 1 } }));
    expect((await data(await call(s.li, 'GET', 'courseware/detail', { query: { id: ware } }))).name).toBe('公开讲义');
    await refused(
      await call(s.li, 'POST', 'courseware/submit', { payload: { id: ware, name: '改' } }),
      403,
      '这是其他教师的课程，您只能查看或引用',
    );
    const lib = await data(await call(s.li, 'GET', 'courseware/publicLib_pages', { query: { size: '100' } }));
    expect(lib.records.map((r: { id: string }) => r.id)).toContain(ware);
    const other = await data(await call(s.zhao, 'GET', 'courseware/publicLib_pages', { query: { size: '100' } }));
    expect(other.records).toHaveLength(0);
    const [a, b] = [
      await call(s.zhao, 'GET', 'courseware/detail', { query: { id: ware } }),
      await call(s.zhao, 'GET', 'courseware/detail', { query: { id: UNKNOWN } }),
    ];
    expect(a.statusCode).toBe(404);
    expect(a.json()).toEqual(b.json());
    await refused(await call(s.s1, 'GET', 'courseware/list'), 403);
  });
});
