import type { TreeNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
/** Tenant administrators holding every dict and dict_biz code. */
let a: string;
let b: string;
/** Signed in, no codes at all. */
let nobody: string;

const DICT = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';
const EN = { 'accept-language': 'en' };
const dictCodes = ['dict_view', 'dict_add', 'dict_edit', 'dict_delete'];
const bizCodes = ['dict_biz_view', 'dict_biz_add', 'dict_biz_edit', 'dict_biz_delete'];

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  for (const id of ['600001', '600002']) {
    await createTenant(t.db, id);
    const role = await createRole(t.db, id, 'admin', [...dictCodes, ...bizCodes]);
    await createUser(t.db, { tenantId: id, account: 'admin', password: 'tenant-pw', roleIds: [role] });
  }
  a = (await t.login('admin', 'tenant-pw', '600001')).access_token;
  b = (await t.login('admin', 'tenant-pw', '600002')).access_token;
  const none = await createRole(t.db, '600001', 'none');
  await createUser(t.db, { tenantId: '600001', account: 'none', password: 'none-pw', roleIds: [none] });
  nobody = (await t.login('none', 'none-pw', '600001')).access_token;
});
afterAll(() => t.close());

const submit = (token: string, base: string, payload: object, headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `${base}/submit`, payload, headers });
const get = (token: string, base: string, path: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url: `${base}/${path}`, query });
const remove = (token: string, base: string, ids: string[], headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `${base}/remove`, query: { ids: ids.join(',') }, headers });

/** Creates and returns a row, failing the test with the server's message otherwise. */
async function create(token: string, base: string, payload: object) {
  const res = await submit(token, base, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; code: string; parentId: string; dictKey: string; tenantId?: string };
}
const parentOf = (token: string, base: string, code: string, extra: object = {}) =>
  create(token, base, { code, dictValue: `字典 ${code}`, sort: 1, isSealed: 0, ...extra });
const itemOf = (token: string, base: string, parentId: string, dictKey: string, extra: object = {}) =>
  create(token, base, { parentId, code: 'ignored', dictKey, dictValue: `值 ${dictKey}`, sort: 1, ...extra });
const options = async (token: string, base: string, code: string) =>
  (await get(token, base, 'dictionary', { code })).json().data as { dictKey: string; dictValue: string }[];

describe('dict form rules (SPEC §5)', () => {
  it('a dictionary needs code, name, sort and sealed, named in Chinese by default and in English on request', async () => {
    const cases: [object, string, string][] = [
      [{}, '请输入字典编号', 'Please enter the dictionary code'],
      [{ code: 'c1' }, '请输入字典名称', 'Please enter the dictionary name'],
      [{ code: 'c1', dictValue: '名称' }, '请输入字典排序', 'Please enter the sort order'],
      [{ code: 'c1', dictValue: '名称', sort: 1, isSealed: 5 }, '请选择封存', 'Please choose whether it is sealed'],
    ];
    for (const [payload, zh, en] of cases) {
      const res = await submit(platform, DICT, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(platform, DICT, payload, EN)).json().msg).toBe(en);
    }
    expect((await submit(platform, DICT, { code: 'has space', dictValue: 'x', sort: 1 })).json().msg).toBe(
      '字典编号只能包含字母、数字、点、下划线和短横线',
    );
  });

  it('stores an absent isSealed as 0 on insert and keeps fields not sent on update', async () => {
    const res = await submit(platform, DICT, { code: 'no_seal', dictValue: '未封存', sort: 2, remark: '备注' });
    expect(res.json().data).toMatchObject({ parentId: '0', isSealed: 0, dictKey: '', remark: '备注' });
    const edited = await submit(platform, DICT, { id: res.json().data.id, dictValue: '改名' });
    expect(edited.json().data).toMatchObject({
      code: 'no_seal',
      dictValue: '改名',
      sort: 2,
      isSealed: 0,
      remark: '备注',
    });
  });

  it('an item needs a key, takes its code from its parent, and its parent must exist', async () => {
    const parent = await parentOf(platform, DICT, 'grade_level');
    const noKey = { parentId: parent.id, code: 'grade_level', dictValue: '一年级', sort: 1 };
    expect((await submit(platform, DICT, noKey)).json().msg).toBe('请输入字典键值');
    expect((await submit(platform, DICT, noKey, EN)).json().msg).toBe('Please enter the dictionary key');
    expect((await submit(platform, DICT, { parentId: parent.id, dictKey: '1', sort: 1 })).json().msg).toBe(
      '请输入字典编号',
    );

    const item = await itemOf(platform, DICT, parent.id, '1', { code: 'something_else' });
    expect(item).toMatchObject({ parentId: parent.id, code: 'grade_level', dictKey: '1' });
    const moved = await submit(platform, DICT, { id: item.id, code: 'other' });
    expect(moved.json().data.code).toBe('grade_level');

    const ghost = await submit(platform, DICT, {
      parentId: '999999999',
      code: 'x',
      dictKey: '1',
      dictValue: 'v',
      sort: 1,
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().msg).toBe('上级字典不存在');
    const deep = await submit(platform, DICT, { parentId: item.id, code: 'x', dictKey: '9', dictValue: 'v', sort: 1 });
    expect(deep.json().msg).toBe('字典项只能添加在顶级字典下');
    expect((await submit(platform, DICT, { parentId: 'abc', code: 'x', dictValue: 'v', sort: 1 })).statusCode).toBe(
      400,
    );
  });

  it('keys are unique among the live items of one parent; codes among live parents', async () => {
    const p1 = await parentOf(platform, DICT, 'campus');
    const p2 = await parentOf(platform, DICT, 'campus_area');
    const k1 = await itemOf(platform, DICT, p1.id, 'east');
    const k2 = await itemOf(platform, DICT, p1.id, 'west');
    await itemOf(platform, DICT, p2.id, 'east');

    const dupKey = await submit(platform, DICT, {
      parentId: p1.id,
      code: 'campus',
      dictKey: 'east',
      dictValue: 'x',
      sort: 3,
    });
    expect(dupKey.statusCode).toBe(400);
    expect(dupKey.json().msg).toBe('字典键值已存在');
    expect((await submit(platform, DICT, { id: k2.id, dictKey: 'east' }, EN)).json().msg).toBe(
      'This key already exists in the dictionary',
    );
    expect((await submit(platform, DICT, { id: k1.id, dictKey: 'east', sort: 9 })).statusCode).toBe(200);

    expect((await submit(platform, DICT, { code: 'campus', dictValue: 'x', sort: 1 })).json().msg).toBe(
      '字典编号已存在',
    );
    expect((await submit(platform, DICT, { code: 'sex', dictValue: 'x', sort: 1 })).json().msg).toBe('字典编号已存在');
    expect((await submit(platform, DICT, { id: p2.id, code: 'campus' })).json().msg).toBe('字典编号已存在');

    // A removed key or code may be used again.
    expect((await remove(platform, DICT, [k2.id])).statusCode).toBe(200);
    await itemOf(platform, DICT, p1.id, 'west');
  });

  it('a row cannot be its own parent, and a dictionary with items cannot become an item', async () => {
    const p = await parentOf(platform, DICT, 'selfish');
    const other = await parentOf(platform, DICT, 'host');
    expect((await submit(platform, DICT, { id: p.id, parentId: p.id })).json().msg).toBe('上级字典不能是自己');
    expect((await submit(platform, DICT, { id: p.id, parentId: p.id }, EN)).json().msg).toBe(
      'A dictionary cannot be its own parent',
    );
    await itemOf(platform, DICT, p.id, '1');
    const res = await submit(platform, DICT, { id: p.id, parentId: other.id, dictKey: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请先删除子项');
  });

  it('renaming a dictionary code moves its items with it', async () => {
    const p = await parentOf(platform, DICT, 'old_code');
    await itemOf(platform, DICT, p.id, '1');
    expect((await submit(platform, DICT, { id: p.id, code: 'new_code' })).statusCode).toBe(200);
    expect(await options(platform, DICT, 'old_code')).toEqual([]);
    expect((await options(platform, DICT, 'new_code')).map((o) => o.dictKey)).toEqual(['1']);
  });

  it('two concurrent adds of one code: exactly one wins, the other gets the same message', async () => {
    const payload = { code: 'race_code', dictValue: '并发', sort: 1 };
    const results = await Promise.all([submit(platform, DICT, payload), submit(platform, DICT, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().msg).toBe('字典编号已存在');
  });
});

describe('dictionary', () => {
  it('offers the live, unsealed items of a code by sort, to any signed-in user', async () => {
    const p = await parentOf(platform, DICT, 'exam_type');
    await itemOf(platform, DICT, p.id, 'final', { dictValue: '期末', sort: 3 });
    await itemOf(platform, DICT, p.id, 'quiz', { dictValue: '小测', sort: 1 });
    const sealed = await itemOf(platform, DICT, p.id, 'old', { dictValue: '旧', sort: 0, isSealed: 1 });
    const gone = await itemOf(platform, DICT, p.id, 'gone', { dictValue: '删', sort: 0 });
    await itemOf(platform, DICT, p.id, 'mid', { dictValue: '期中', sort: 2 });
    await remove(platform, DICT, [gone.id]);

    const res = await get(nobody, DICT, 'dictionary', { code: 'exam_type' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((o: { dictKey: string }) => o.dictKey)).toEqual(['quiz', 'mid', 'final']);
    expect(Object.keys(data[0]).sort()).toEqual([
      'code',
      'dictKey',
      'dictValue',
      'dictValueEn',
      'id',
      'parentId',
      'sort',
    ]);

    // Sealed items stay visible where they are managed.
    const children = (await get(platform, DICT, 'child-list', { parentId: p.id })).json().data.records;
    expect(children.map((r: { id: string }) => r.id)).toContain(sealed.id);
  });

  it('is empty for an unknown code, 400 without one; seeded codes the pages use are there', async () => {
    expect((await get(a, DICT, 'dictionary', { code: 'no_such_code' })).json()).toMatchObject({ code: 200, data: [] });
    const missing = await get(a, DICT, 'dictionary');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('编码不能为空');
    expect((await options(a, DICT, 'post_category')).map((o) => o.dictValue)).toEqual(['高层', '中层', '基层', '其他']);
    expect((await options(a, DICT, 'sex')).map((o) => o.dictKey)).toEqual(['1', '2', '0']);
  });
});

describe('tree, parent-list and child-list', () => {
  it('tree: every live dictionary with its items as tree nodes', async () => {
    const p = await parentOf(platform, DICT, 'tree_code');
    const i1 = await itemOf(platform, DICT, p.id, '1', { dictValue: '甲', sort: 2 });
    const i2 = await itemOf(platform, DICT, p.id, '2', { dictValue: '乙', sort: 1, isSealed: 1 });
    const res = await get(a, DICT, 'tree', { code: 'DICT' });
    expect(res.statusCode).toBe(200);
    const roots: TreeNode[] = res.json().data;
    expect(roots.every((n) => n.parentId === '0')).toBe(true);
    const node = roots.find((n) => n.id === p.id)!;
    expect(node).toEqual({
      id: p.id,
      parentId: '0',
      title: '字典 tree_code',
      titleEn: '',
      key: p.id,
      value: p.id,
      hasChildren: true,
      children: [
        { id: i2.id, parentId: p.id, title: '乙', titleEn: '', key: i2.id, value: i2.id, hasChildren: false },
        { id: i1.id, parentId: p.id, title: '甲', titleEn: '', key: i1.id, value: i1.id, hasChildren: false },
      ],
    });
    const sex = roots.find((n) => n.title === '性别')!;
    expect(sex.children!.map((c) => c.title)).toEqual(['男', '女', '未知']);
    expect(sex.children!.map((c) => c.titleEn)).toEqual(['Male', 'Female', 'Unknown']);
    expect((await get(a, DICT, 'tree')).statusCode).toBe(200);
  });

  it('parent-list pages the dictionaries only, with the declared filters', async () => {
    const p = await parentOf(platform, DICT, 'plist_code', { dictValue: '父级筛选' });
    await itemOf(platform, DICT, p.id, '1', { dictValue: '父级筛选项' });
    const all = (await get(a, DICT, 'parent-list', { size: '200' })).json().data;
    expect(all.records.every((r: { parentId: string }) => r.parentId === '0')).toBe(true);
    expect(all.records.some((r: { code: string }) => r.code === 'sex')).toBe(true);
    const found = (await get(a, DICT, 'parent-list', { dictValue: '父级筛选' })).json().data;
    expect(found).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(found.records[0].id).toBe(p.id);
    expect((await get(a, DICT, 'parent-list', { code: 'plist' })).json().data.total).toBe(1);
  });

  it('child-list pages the items of one parent; 400 without a valid parentId, 404 for an unknown one', async () => {
    const p = await parentOf(platform, DICT, 'clist_code');
    for (const [k, sort] of [
      ['c', 3],
      ['a', 1],
      ['b', 2],
    ] as const) {
      await itemOf(platform, DICT, p.id, k, { sort });
    }
    const page = (await get(a, DICT, 'child-list', { parentId: p.id, size: '2' })).json().data;
    expect(page).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(page.records.map((r: { dictKey: string }) => r.dictKey)).toEqual(['a', 'b']);
    const desc = (await get(a, DICT, 'child-list', { parentId: p.id, descs: 'sort' })).json().data;
    expect(desc.records.map((r: { dictKey: string }) => r.dictKey)).toEqual(['c', 'b', 'a']);

    const missing = await get(a, DICT, 'child-list');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('上级不能为空');
    expect((await get(a, DICT, 'child-list', { parentId: 'x1' })).statusCode).toBe(400);
    expect((await get(a, DICT, 'child-list', { parentId: '999999999' })).statusCode).toBe(404);
  });

  it('list filters by code, name and parentId; a non-id parentId is a 400', async () => {
    const p = await parentOf(platform, DICT, 'flt_code');
    await itemOf(platform, DICT, p.id, '1');
    const byParent = (await get(a, DICT, 'list', { parentId: p.id })).json().data;
    expect(byParent.total).toBe(1);
    const byCode = (await get(a, DICT, 'list', { code: 'flt_code' })).json().data;
    expect(byCode.total).toBe(2);
    expect((await get(a, DICT, 'list', { parentId: 'abc' })).statusCode).toBe(400);
    expect((await get(a, DICT, 'list', { parentId: '' })).statusCode).toBe(200);
  });

  it('ignores SQL-looking filter and sort keys', async () => {
    const queries: Record<string, string>[] = [
      { 'code;drop table sys_dict;--': 'x' },
      { '1=1) or (1': '1' },
      { is_deleted_equal: '1' },
      { tenant_id: '600002' },
      { ascs: 'sort;drop table sys_dict', descs: '(select 1)' },
    ];
    for (const base of [DICT, BIZ]) {
      const total = (await get(a, base, 'list')).json().data.total;
      for (const query of queries) {
        const res = await get(a, base, 'list', query);
        expect(res.statusCode, `${base} ${JSON.stringify(query)}`).toBe(200);
        expect(res.json().data.total).toBe(total);
      }
      expect((await get(a, base, 'list')).json().data.total).toBe(total);
    }
  });
});

describe('remove', () => {
  it('refuses a dictionary that still has live items, allows it with them or after them', async () => {
    const p = await parentOf(platform, DICT, 'rm_code');
    const item = await itemOf(platform, DICT, p.id, '1');
    const refused = await remove(platform, DICT, [p.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('请先删除子项');
    expect((await remove(platform, DICT, [p.id], EN)).json().msg).toBe('Remove its items first');
    expect((await get(platform, DICT, 'detail', { id: p.id })).statusCode).toBe(200);

    expect((await remove(platform, DICT, [item.id])).statusCode).toBe(200);
    expect((await remove(platform, DICT, [p.id])).statusCode).toBe(200);

    const q = await parentOf(platform, DICT, 'rm_both');
    const qi = await itemOf(platform, DICT, q.id, '1');
    expect((await remove(platform, DICT, [q.id, qi.id])).statusCode).toBe(200);
    expect((await get(platform, DICT, 'detail', { id: qi.id })).statusCode).toBe(404);
  });
});

describe('dict is global: only the platform superuser writes it', () => {
  it('refuses writes by a tenant administrator holding every dict code, allows reads', async () => {
    const res = await submit(a, DICT, { code: 'tenant_try', dictValue: 'x', sort: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('只有平台超级管理员可以修改全局数据');
    const sex = (await get(a, DICT, 'parent-list', { code: 'sex' })).json().data.records[0];
    expect((await submit(a, DICT, { id: sex.id, dictValue: '改' })).statusCode).toBe(403);
    expect(
      (await submit(a, DICT, { parentId: sex.id, code: 'sex', dictKey: '9', dictValue: 'x', sort: 9 })).statusCode,
    ).toBe(403);
    expect((await remove(a, DICT, [sex.id])).statusCode).toBe(403);
    for (const path of ['list', 'parent-list', 'tree']) {
      expect((await get(a, DICT, path)).statusCode, path).toBe(200);
    }
    expect((await get(a, DICT, 'child-list', { parentId: sex.id })).json().data.total).toBe(3);
  });
});

describe('dict-biz belongs to one tenant', () => {
  it('keeps list, detail, submit, remove, dictionary, child-list and tree apart', async () => {
    const pa = await parentOf(a, BIZ, 'course_kind', { tenantId: '600002' });
    expect(pa.tenantId).toBe('600001');
    const ia = await itemOf(a, BIZ, pa.id, 'theory', { dictValue: '理论' });

    // The same code is free in another tenant.
    const pb = await parentOf(b, BIZ, 'course_kind');
    await itemOf(b, BIZ, pb.id, 'practice', { dictValue: '实操' });
    expect((await submit(a, BIZ, { code: 'course_kind', dictValue: 'x', sort: 1 })).json().msg).toBe('字典编号已存在');

    const listB = (await get(b, BIZ, 'list', { size: '200' })).json().data.records;
    expect(listB.some((r: { id: string }) => r.id === pa.id || r.id === ia.id)).toBe(false);
    for (const path of ['parent-list', 'list']) {
      const records = (await get(b, BIZ, path, { code: 'course_kind', size: '200' })).json().data.records;
      expect(
        records.every((r: { tenantId: string }) => r.tenantId === '600002'),
        path,
      ).toBe(true);
    }
    expect((await get(b, BIZ, 'detail', { id: pa.id })).statusCode).toBe(404);
    expect((await submit(b, BIZ, { id: ia.id, dictValue: '偷改' })).statusCode).toBe(404);
    expect((await remove(b, BIZ, [ia.id])).statusCode).toBe(404);
    // Not "remove its items first": that would tell B the row exists.
    expect((await remove(b, BIZ, [pa.id])).statusCode).toBe(404);
    expect((await get(b, BIZ, 'child-list', { parentId: pa.id })).statusCode).toBe(404);
    const foreignParent = await submit(b, BIZ, { parentId: pa.id, code: 'x', dictKey: 'k', dictValue: 'v', sort: 1 });
    expect(foreignParent.json().msg).toBe('上级字典不存在');

    expect((await options(a, BIZ, 'course_kind')).map((o) => o.dictValue)).toEqual(['理论']);
    expect((await options(b, BIZ, 'course_kind')).map((o) => o.dictValue)).toEqual(['实操']);
    expect(await options(platform, BIZ, 'course_kind')).toEqual([]);
    const treeB: TreeNode[] = (await get(b, BIZ, 'tree')).json().data;
    expect(treeB.map((n) => n.id)).toEqual([pb.id]);

    expect((await get(a, BIZ, 'detail', { id: ia.id })).json().data.dictValue).toBe('理论');
  });

  it('has the same rules as dict, within the tenant', async () => {
    const p = await parentOf(a, BIZ, 'room_type');
    await itemOf(a, BIZ, p.id, 'lab');
    const dup = await submit(a, BIZ, { parentId: p.id, code: 'room_type', dictKey: 'lab', dictValue: 'x', sort: 1 });
    expect(dup.json().msg).toBe('字典键值已存在');
    expect((await remove(a, BIZ, [p.id])).json().msg).toBe('请先删除子项');
  });
});

describe('access to the endpoints beside the CRUD', () => {
  const paths = ['parent-list', 'child-list?parentId=1', 'tree?code=DICT', 'dictionary?code=sex'];

  it('401 without a token on every one', async () => {
    for (const base of [DICT, BIZ]) {
      for (const path of paths) {
        expect((await t.app.inject({ method: 'GET', url: `${base}/${path}` })).statusCode, `${base}/${path}`).toBe(401);
      }
    }
  });

  it('403 without the view code, except dictionary which every signed-in user may read', async () => {
    for (const base of [DICT, BIZ]) {
      for (const path of ['parent-list', 'child-list?parentId=1', 'child-list', 'tree?code=DICT']) {
        expect((await t.as(nobody, { method: 'GET', url: `${base}/${path}` })).statusCode, `${base}/${path}`).toBe(403);
      }
      expect((await t.as(nobody, { method: 'GET', url: `${base}/dictionary?code=sex` })).statusCode).toBe(200);
    }
  });

  it('the administrator role has both menus with their four buttons', async () => {
    const buttons = (await t.as(platform, { method: 'GET', url: '/api/blade-system/menu/buttons' })).json().data;
    const codes = JSON.stringify(buttons);
    for (const code of [...dictCodes, ...bizCodes]) expect(codes).toContain(`"${code}"`);
    const routes = JSON.stringify(
      (await t.as(platform, { method: 'GET', url: '/api/blade-system/menu/routes' })).json(),
    );
    expect(routes).toContain('/system/dict');
    expect(routes).toContain('/system/dict-biz');
  });
});
