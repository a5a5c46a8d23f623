import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, schoolWithClasses, teachingTenant } from './academic.fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof academicApi>;
const T = '550001';

interface Node {
  id: string;
  title: string;
  name: string;
  parentId: string;
  hasChildren: boolean;
  children?: Node[];
}

const titles = (nodes: Node[]): unknown[] =>
  nodes.map((n) => (n.children?.length ? [n.title, titles(n.children)] : n.title));

beforeAll(async () => {
  t = await startTestApp();
  api = academicApi(t, await teachingTenant(t, T));
});
afterAll(() => t.close());

describe('question types', () => {
  it('are seeded for a tenant, in both languages, with codes', async () => {
    const zh = await api.call('GET', 'flag/tree/questionType/0');
    expect(zh.map((n: Node) => n.title)).toEqual([
      '单选题',
      '多选题',
      '判断题',
      '填空题',
      '简答题',
      '组合题',
      '实操题',
      '文件题',
    ]);
    const en = await t.as((await t.login('admin', 'admin-pw', T)).access_token, {
      method: 'GET',
      url: '/api/exam/pc/flag/tree/questionType/0',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().data[0]).toMatchObject({ title: 'Single choice', name: '单选题', code: 'single' });
  });

  it('are seeded for a tenant created by the platform administrator, with its teacher and student roles', async () => {
    const platform = (await t.login('admin', 'admin')).access_token;
    const created = await t.as(platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '新学校', linkman: '张', accountNumber: 100 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { tenantId, oneTime } = created.json().data;
    const token = (await t.login('admin', oneTime.password, tenantId)).access_token;
    const types = await academicApi(t, token).call('GET', 'flag/tree/questionType/0');
    expect(types).toHaveLength(8);
    const roles = await t.as(token, { method: 'GET', url: '/api/blade-system/role/list', query: { size: '50' } });
    expect(
      roles
        .json()
        .data.records.map((r: { roleAlias: string }) => r.roleAlias)
        .sort(),
    ).toEqual(['admin', 'student', 'teacher']);
    // The new administrator manages schools and classes from the start.
    expect((await academicApi(t, token).raw('GET', 'clazz/page')).statusCode).toBe(200);
  });
});

describe('a knowledge tree', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const add = async (name: string, parent = '0') =>
      (ids[name] = await api.submit('flag', { kind: 'knowledge', name, parentId: parent }));
    await add('机械基础');
    await add('公差配合', ids.机械基础);
    await add('基本偏差', ids.公差配合);
    await add('标准公差', ids.公差配合);
    await add('电工基础');
  });

  it('is read whole, below a node, one level at a time, and as a path', async () => {
    expect(titles(await api.call('GET', 'flag/tree/knowledge/0'))).toEqual([
      ['机械基础', [['公差配合', ['基本偏差', '标准公差']]]],
      '电工基础',
    ]);
    expect(titles(await api.call('GET', `flag/tree/knowledge/${ids.机械基础}`))).toEqual([
      ['公差配合', ['基本偏差', '标准公差']],
    ]);
    const roots = await api.call('GET', 'flag/tree/children/0/one', { query: { kind: 'knowledge' } });
    expect(roots.map((n: Node) => [n.title, n.hasChildren])).toEqual([
      ['机械基础', true],
      ['电工基础', false],
    ]);
    const chain = await api.call('GET', `flag/tree/rela/${ids.基本偏差}`);
    expect(chain.map((n: Node) => n.title)).toEqual(['机械基础', '公差配合', '基本偏差']);
    const [family] = await api.call('GET', `flag/getFamily/${ids.基本偏差},1`);
    expect(family).toMatchObject({
      path: '机械基础 / 公差配合 / 基本偏差',
      ancestorIds: [ids.机械基础, ids.公差配合],
    });
    // Another kind's node is not found under this kind's name.
    expect((await api.raw('GET', `flag/tree/direction/${ids.机械基础}`)).statusCode).toBe(404);
    expect((await api.raw('GET', 'flag/tree/colour/0')).statusCode).toBe(400);
  });

  it('checks a name before adding, and refuses twins, loops and a parent of another kind', async () => {
    expect(await api.call('GET', `flag/beforeadd/knowledge/${ids.公差配合}/形位公差`)).toEqual({ sort: 3 });
    const twin = await api.raw('GET', `flag/beforeadd/knowledge/${ids.公差配合}/${encodeURIComponent('基本偏差')}`);
    expect(twin.json().msg).toBe('同一上级下已有同名节点');
    const loop = await api.raw('POST', 'flag/submit', { payload: { id: ids.机械基础, parentId: ids.基本偏差 } });
    expect(loop.json().msg).toBe('上级节点不能是该节点自己或其下级');
    const [type] = await api.call('GET', 'flag/tree/questionType/0');
    const cross = await api.raw('POST', 'flag/submit', {
      payload: { kind: 'knowledge', name: 'x', parentId: type.id },
    });
    expect(cross.json().msg).toBe('上级节点不存在，或不属于同一分类');
  });

  it('copies a node with its subtree, naming the copy', async () => {
    const copy = await api.call('POST', `flag/copy/${ids.公差配合}/${ids.机械基础}/1`);
    expect(copy.title).toBe('公差配合 (副本)');
    const tree = await api.call('GET', `flag/tree/knowledge/${ids.机械基础}`);
    expect(titles(tree)).toEqual([
      ['公差配合', ['基本偏差', '标准公差']],
      ['公差配合 (副本)', ['基本偏差', '标准公差']],
    ]);
    const shallow = await api.call('POST', `flag/copy/${ids.电工基础}/0/0`);
    expect(shallow.title).toBe('电工基础 (副本)');
  });

  it('moves a node up, down and to another parent', async () => {
    await api.call('POST', 'flag/move', { payload: { id: ids.标准公差, parentId: ids.公差配合, index: 0 } });
    let tree = await api.call('GET', `flag/tree/knowledge/${ids.公差配合}`);
    expect(titles(tree)).toEqual(['标准公差', '基本偏差']);
    await api.call('POST', 'flag/move', { payload: { id: ids.基本偏差, parentId: ids.电工基础, index: 0 } });
    tree = await api.call('GET', `flag/tree/knowledge/${ids.电工基础}`);
    expect(titles(tree)).toEqual(['基本偏差']);
    const loop = await api.raw('POST', 'flag/move', {
      payload: { id: ids.机械基础, parentId: ids.标准公差, index: 0 },
    });
    expect(loop.statusCode).toBe(400);
  });

  it('refuses to remove a node with children, but removes a whole branch at once', async () => {
    const refused = await api.raw('POST', 'flag/remove', { query: { ids: ids.电工基础! } });
    expect(refused.json().msg).toBe('《电工基础》下还有子节点，请先删除子节点');
    await api.call('POST', 'flag/remove', { query: { ids: `${ids.电工基础},${ids.基本偏差}` } });
  });
});

describe('a direction in use', () => {
  it('is not removed while a class names it, and the refusal says where', async () => {
    const token = (await t.login('admin', 'admin-pw', T)).access_token;
    const org = await schoolWithClasses(t, token);
    const direction = await api.submit('flag', { kind: 'direction', name: '机电一体化' });
    await api.call('POST', 'clazz/submit', { payload: { id: org.class1, directionId: direction } });
    expect((await api.call('GET', 'clazz/detail', { query: { id: org.class1 } })).directionName).toBe('机电一体化');
    const refused = await api.raw('POST', 'flag/remove', { query: { ids: direction } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('《机电一体化》正在被使用：班级《1班》');
    const notDirection = await api.submit('flag', { kind: 'publisher', name: '高等教育出版社' });
    const wrongKind = await api.raw('POST', 'clazz/submit', { payload: { id: org.class2, directionId: notDirection } });
    expect(wrongKind.json().msg).toBe('所选专业方向不存在');
  });
});
