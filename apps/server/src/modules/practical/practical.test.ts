import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addStudent, addTeacher, schoolWithClasses, teachingTenant } from '../academic/academic.fixtures.ts';

let t: TestApp;
const T = '590001';
let wang: string;
let li: string;
let liUserId: string;
let admin: string;

const jd = (resource: string, action: string) => `/api/jd/pc/${resource}/${action}`;
async function call(token: string, resource: string, action: string, body?: object, lang = 'zh-CN') {
  const get = ['detail', 'list', 'page', 'my_paper_list', 'shared_paper_list', 'publicLib_page'].includes(action);
  // Reads and removals take their arguments in the query, as the SPEC's calls do.
  const inQuery = get || action === 'remove';
  return t.as(token, {
    method: get ? 'GET' : 'POST',
    url: jd(resource, action),
    ...(inQuery ? { query: body as Record<string, string> } : { payload: body }),
    headers: { 'accept-language': lang },
  });
}
async function submit(token: string, resource: string, body: object): Promise<string> {
  const res = await call(token, resource, 'submit', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const detail = async (token: string, resource: string, id: string) =>
  (await call(token, resource, 'detail', { id })).json().data;

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  await addTeacher(t, admin, 'wang', '王老师');
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  const liLogin = await t.login('li', '123456', T);
  [li, liUserId] = [liLogin.access_token, liLogin.user_id];
});
afterAll(() => t.close());

/** 车削阶梯轴: a size point (proportional) with two readings, and a critical safety point with a check. */
async function task(owner = wang) {
  const paperId = await submit(owner, 'practical_paper', {
    title: '车削阶梯轴',
    duration: 120,
    task: '<p>按图加工</p>',
  });
  const size = await submit(owner, 'practical_point', { paperId, name: '外圆尺寸', score: 10, rule: 'proportional' });
  const safety = await submit(owner, 'practical_point', {
    paperId,
    name: '安全文明生产',
    score: 5,
    rule: 'all',
    critical: 1,
  });
  const reading = {
    paperId,
    pointId: size,
    kind: 'measure',
    instrument: '外径千分尺',
    resolution: '0.01',
    unit: 'mm',
  };
  const d25 = await submit(owner, 'practical_inspection', {
    ...reading,
    name: 'Ø25 外圆',
    nominal: '25.00',
    lowerDeviation: '-0.021',
    upperDeviation: '0',
  });
  await submit(owner, 'practical_inspection', { ...reading, name: 'Ra', nominal: '0', upperDeviation: '3.2' });
  await submit(owner, 'practical_inspection', { paperId, pointId: safety, name: '穿戴防护用品', kind: 'check' });
  return { paperId, size, safety, d25 };
}

describe('practical tasks, their points and inspection items', () => {
  it('a teacher builds a task: the total follows the points; items keep their decimals as written', async () => {
    const { paperId, size, d25 } = await task();
    expect(await detail(wang, 'practical_paper', paperId)).toMatchObject({
      title: '车削阶梯轴',
      totalScore: 15,
      pointCount: 2,
      access: 'own',
      ownerName: '王老师',
    });
    expect(await detail(wang, 'practical_inspection', d25)).toMatchObject({
      nominal: '25.00',
      lowerDeviation: '-0.021',
      upperDeviation: '0',
      resolution: '0.01',
      weight: 1,
    });
    const items = (await call(wang, 'practical_inspection', 'list', { paperId, pointId: size })).json().data;
    expect(items.records.map((r: { name: string }) => r.name)).toEqual(['Ø25 外圆', 'Ra']);
    // A point removed takes its items along, and the total follows.
    expect((await call(wang, 'practical_point', 'remove', { ids: size })).statusCode).toBe(200);
    expect(await detail(wang, 'practical_paper', paperId)).toMatchObject({ totalScore: 5, pointCount: 1 });
    expect((await call(wang, 'practical_inspection', 'detail', { id: d25 })).statusCode).toBe(404);
  });

  it('refuses a tolerance the judging could not read, in the caller’s language', async () => {
    const { paperId, size, safety } = await task();
    const item = (more: object, lang = 'zh-CN') =>
      call(wang, 'practical_inspection', 'submit', { paperId, pointId: size, name: '孔径', ...more }, lang);
    const message = async (more: object, lang?: string) => {
      const res = await item(more, lang);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().msg;
    };
    expect(await message({ nominal: '20', resolution: '0.01', lowerDeviation: '0.02', upperDeviation: '-0.02' })).toBe(
      '下偏差应小于上偏差',
    );
    expect(await message({ nominal: '20', resolution: '0', upperDeviation: '0.02' })).toBe(
      '请填写量具的分度值，且应大于 0（如游标卡尺 0.02、千分尺 0.01）',
    );
    expect(await message({ nominal: '20', resolution: '0.01' }, 'en')).toBe(
      'Enter an upper or a lower deviation, or both',
    );
    expect(await message({ nominal: '二十', resolution: '0.01', upperDeviation: '0.02' })).toContain(
      '请填写数字，如 25.00、-0.02',
    );
    expect(
      await message({
        nominal: '20',
        resolution: '0.01',
        upperDeviation: '0.2',
        bands: [
          { within: '0.1', fraction: 0.5 },
          { within: '0.05', fraction: 1 },
        ],
      }),
    ).toContain('分段得分应由近到远排列');
    // An item under a point of another task.
    const other = await task();
    expect(await message({ pointId: other.size, nominal: '20', resolution: '0.01', upperDeviation: '0.02' })).toBe(
      '所选考核点不存在或不属于这个实训考核',
    );
    // A check item needs none of it; an edit is checked as the row will be.
    const check = await submit(wang, 'practical_inspection', {
      paperId,
      pointId: safety,
      name: '工位整洁',
      kind: 'check',
    });
    const toMeasure = await call(wang, 'practical_inspection', 'submit', { id: check, kind: 'measure' });
    expect(toMeasure.statusCode).toBe(400);
    expect(toMeasure.json().msg).toBe('请填写基本尺寸（名义值）');
  });

  it('refuses points whose scoring cannot work', async () => {
    const { paperId, size } = await task();
    const point = async (body: object) => {
      const res = await call(wang, 'practical_point', 'submit', { paperId, name: '螺纹', score: 10, ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().msg;
    };
    expect(await point({ rule: 'judgement', minScore: 4, maxScore: 12 })).toBe(
      '评委评分的范围应在 0 与本考核点分值之间，且最低分不高于最高分',
    );
    expect(await point({ rule: 'banded' })).toBe('分段评分需要至少一个分段');
    expect(await point({ rule: 'guess' })).toBe('评分方式应为全对得分、按比例、分段或评委评分');
    const moved = await call(wang, 'practical_point', 'submit', { id: size, paperId: (await task()).paperId });
    expect(moved.json().msg).toBe('所选考核点不存在或不属于这个实训考核');
  });

  it('another teacher sees a private task as missing; shared to read, they read it and cannot change it', async () => {
    const { paperId, size } = await task();
    const missing = await call(li, 'practical_paper', 'detail', { id: '999999999' });
    expect(missing.statusCode).toBe(404);
    expect((await call(li, 'practical_paper', 'detail', { id: paperId })).json()).toEqual(missing.json());
    expect((await call(li, 'practical_point', 'list', { paperId })).json().data.records).toEqual([]);
    await submit(wang, 'practical_paper_permission', {
      paperId,
      granteeType: 'teacher',
      granteeId: liUserId,
      access: 'read',
    });
    expect(await detail(li, 'practical_paper', paperId)).toMatchObject({ access: 'read', totalScore: 15 });
    expect((await call(li, 'practical_point', 'list', { paperId })).json().data.records).toHaveLength(2);
    const edit = await call(li, 'practical_point', 'submit', { id: size, name: '改名' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe('这是其他教师的实训考核，您只能查看或引用');
    const shared = (await call(li, 'practical_paper', 'shared_paper_list', {})).json().data.records;
    expect(shared.map((r: { id: string }) => r.id)).toContain(paperId);
    const remove = await call(li, 'practical_paper', 'remove', { ids: paperId });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().msg).toBe('这是其他教师的实训考核，您只能查看或引用');
    // Shared to edit, they change its points, but deleting the task stays its owner's.
    await submit(wang, 'practical_paper_permission', {
      paperId: (await task()).paperId,
      granteeType: 'teacher',
      granteeId: liUserId,
      access: 'edit',
    });
    const editable = (await call(li, 'practical_paper', 'shared_paper_list', {})).json().data.records[0];
    expect(editable.access).toBe('edit');
    const points = (await call(li, 'practical_point', 'list', { paperId: editable.id })).json().data.records;
    expect(
      (await call(li, 'practical_point', 'submit', { id: points[0].id, name: '外圆尺寸（两处）' })).statusCode,
    ).toBe(200);
    const ownerOnly = await call(li, 'practical_paper', 'remove', { ids: editable.id });
    expect(ownerOnly.statusCode).toBe(403);
    expect(ownerOnly.json().msg).toBe('只有实训考核的创建者才能发布、共享或删除它');
  });

  it('copies inspection items from a readable task under a point of one’s own (add_practial_inspection_for_paper)', async () => {
    const from = await task();
    const into = await task(li);
    const items = (await call(wang, 'practical_inspection', 'list', { paperId: from.paperId, size: '50' })).json().data
      .records as { id: string; name: string }[];
    const ids = items.map((i) => i.id);
    const copy = (token: string, body: object) =>
      t.as(token, {
        method: 'POST',
        url: jd('practical_inspection', 'add_practial_inspection_for_paper'),
        payload: body,
        headers: { 'accept-language': 'zh-CN' },
      });
    // wang's task is private: to li it is one that does not exist.
    const hidden = await copy(li, { paperId: into.paperId, pointId: into.size, inspectionIds: ids });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().msg).toBe('所选实训考核不存在');
    await submit(wang, 'practical_paper_permission', {
      paperId: from.paperId,
      granteeType: 'teacher',
      granteeId: liUserId,
      access: 'read',
    });
    const done = await copy(li, { paperId: into.paperId, pointId: into.size, inspectionIds: ids });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe('已添加 3 个检查项');
    const under = (await call(li, 'practical_inspection', 'list', { pointId: into.size, size: '50' })).json().data
      .records;
    expect(under.map((i: { name: string; lowerDeviation: string | null }) => [i.name, i.lowerDeviation])).toEqual([
      ['Ø25 外圆', '-0.021'],
      ['Ra', null],
      ['Ø25 外圆', '-0.021'],
      ['Ra', null],
      ['穿戴防护用品', null],
    ]);
    // Into a task that is not theirs to change, a point of another task, no ids, an unknown id.
    expect((await copy(li, { paperId: from.paperId, pointId: from.size, inspectionIds: ids })).statusCode).toBe(403);
    expect((await copy(li, { paperId: into.paperId, pointId: from.size, inspectionIds: ids })).statusCode).toBe(400);
    expect((await copy(li, { paperId: into.paperId, pointId: into.size, inspectionIds: [] })).statusCode).toBe(400);
    expect((await copy(li, { paperId: into.paperId, pointId: into.size, inspectionIds: ['1'] })).statusCode).toBe(400);
    expect((await copy(wang, { paperId: into.paperId, pointId: into.size, inspectionIds: ids })).json().msg).toBe(
      '所选实训考核不存在',
    );
  });
  it('quotes a task the teacher may read as their own private copy with its points and items; the original stays', async () => {
    const from = await task();
    const quote = (token: string | undefined, body: object, lang = 'zh-CN') =>
      token
        ? t.as(token, {
            method: 'POST',
            url: jd('practical_paper', 'quote'),
            payload: body,
            headers: { 'accept-language': lang },
          })
        : t.app.inject({ method: 'POST', url: jd('practical_paper', 'quote'), payload: body });
    // Private to wang: to li it is a task that does not exist, exactly like an unknown id.
    const hidden = await quote(li, { id: from.paperId });
    const unknown = await quote(li, { id: '999999999' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
    expect((await quote(undefined, { id: from.paperId })).statusCode).toBe(401);
    const { class1 } = await schoolWithClasses(t, admin, 'q');
    await addStudent(t, admin, class1, 'q01');
    const student = (await t.login('q01', '123456', T)).access_token;
    expect((await quote(student, { id: from.paperId })).statusCode).toBe(403);
    const bad = await quote(li, { id: from.paperId, title: 'x'.repeat(101) }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Title is too long');

    await submit(wang, 'practical_paper', { id: from.paperId, isPublic: 1 });
    const done = await quote(li, { id: from.paperId, title: '我的阶梯轴' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe('已引用为我的实训考核《我的阶梯轴》');
    const copy = done.json().data;
    expect(copy).toMatchObject({
      title: '我的阶梯轴',
      access: 'own',
      isPublic: 0,
      sourceId: from.paperId,
      totalScore: 15,
    });
    const items = async (token: string, paperId: string) =>
      (
        (await call(token, 'practical_inspection', 'list', { paperId, size: '50' })).json().data.records as {
          name: string;
          pointId: string;
          nominal: string | null;
        }[]
      ).map((i) => [i.name, i.nominal]);
    expect(await items(li, copy.id)).toEqual(await items(wang, from.paperId));
    const points = (await call(li, 'practical_point', 'list', { paperId: copy.id })).json().data.records;
    expect(points.map((p: { name: string; critical: number }) => [p.name, p.critical])).toEqual([
      ['外圆尺寸', 0],
      ['安全文明生产', 1],
    ]);
    // The copy is li's to change; the original is not changed through it.
    expect((await call(li, 'practical_point', 'submit', { id: points[0].id, name: '改过的' })).statusCode).toBe(200);
    const original = (await call(wang, 'practical_point', 'list', { paperId: from.paperId })).json().data.records;
    expect(original[0].name).toBe('外圆尺寸');
  });
});
