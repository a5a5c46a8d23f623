import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let viewerToken: string;
let nobodyToken: string;
let tenantAdminToken: string;
const base = '/api/blade-system/param';

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
  const viewer = await createRole(t.db, '000000', 'param-viewer', ['param_view']);
  await createUser(t.db, { tenantId: '000000', account: 'viewer', password: 'viewer-pass', roleIds: [viewer] });
  viewerToken = (await t.login('viewer', 'viewer-pass')).access_token;
  const nobody = await createRole(t.db, '000000', 'nobody');
  await createUser(t.db, { tenantId: '000000', account: 'nobody', password: 'nobody-pass', roleIds: [nobody] });
  nobodyToken = (await t.login('nobody', 'nobody-pass')).access_token;
  await createTenant(t.db, '300001');
  const ta = await createRole(t.db, '300001', 'admin', ['param_view', 'param_add', 'param_edit', 'param_delete']);
  await createUser(t.db, { tenantId: '300001', account: 'admin', password: 'tenant-pass', roleIds: [ta] });
  tenantAdminToken = (await t.login('admin', 'tenant-pass', '300001')).access_token;
});
afterAll(() => t.close());

const submit = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `${base}/submit`, payload, headers });
const list = (token: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url: `${base}/list`, query });

describe('param CRUD round trip', () => {
  it('adds, reads, partially updates, lists, filters and removes a parameter', async () => {
    const created = await submit(admin, { paramName: '学校名称', paramKey: 'school.name', paramValue: '实训一中' });
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({
      paramName: '学校名称',
      paramKey: 'school.name',
      paramValue: '实训一中',
      status: 1,
      remark: '',
    });
    expect(row.id).toMatch(/^\d+$/);
    expect(row.createUser).toBe('301');

    const detail = await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: row.id } });
    expect(detail.json().data).toEqual(row);

    const updated = await submit(admin, { id: row.id, paramValue: '实训二中' });
    expect(updated.json().data).toMatchObject({
      paramName: '学校名称',
      paramKey: 'school.name',
      paramValue: '实训二中',
    });

    const found = await list(admin, { paramKey: 'school', paramName: '学校' });
    expect(found.json().data.records.map((r: { id: string }) => r.id)).toEqual([row.id]);

    const removed = await t.as(admin, { method: 'POST', url: `${base}/remove`, query: { ids: row.id } });
    expect(removed.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect((await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: row.id } })).statusCode).toBe(404);
    expect((await list(admin, { paramKey: 'school' })).json().data.total).toBe(0);
  });

  it('pages with current/size and reports total and pages', async () => {
    for (let i = 0; i < 12; i++) {
      await submit(admin, {
        paramName: `分页${i}`,
        paramKey: `page.test.${String(i).padStart(2, '0')}`,
        paramValue: String(i),
      });
    }
    const page2 = (await list(admin, { paramKey: 'page.test', current: '2', size: '5', ascs: 'param_key' })).json()
      .data;
    expect(page2).toMatchObject({ total: 12, size: 5, current: 2, pages: 3 });
    expect(page2.records.map((r: { paramKey: string }) => r.paramKey)).toEqual([
      'page.test.05',
      'page.test.06',
      'page.test.07',
      'page.test.08',
      'page.test.09',
    ]);
    const desc = (await list(admin, { paramKey: 'page.test', size: '1', descs: 'paramKey' })).json().data;
    expect(desc.records[0].paramKey).toBe('page.test.11');
  });

  it('treats % and _ typed in a filter as literal characters', async () => {
    await submit(admin, { paramName: '百分之百', paramKey: 'literal.pct', paramValue: '100%' });
    expect((await list(admin, { paramName: '%' })).json().data.total).toBe(0);
    expect((await list(admin, { paramKey: 'literal_pct' })).json().data.total).toBe(0);
  });
});

describe('param validation', () => {
  it('names the missing field in Chinese by default and in English on request', async () => {
    const zh = await submit(admin, { paramKey: 'x.y', paramValue: 'v' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 400, success: false, data: null, msg: '请输入参数名称' });
    expect((await submit(admin, { paramName: 'n', paramValue: 'v' })).json().msg).toBe('请输入参数键名');
    expect((await submit(admin, { paramName: 'n', paramKey: 'k.k', paramValue: '   ' })).json().msg).toBe(
      '请输入参数键值',
    );
    const en = await submit(admin, { paramKey: 'x.y', paramValue: 'v' }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Please enter parameter name');
  });

  it('refuses a duplicate key, on add and on edit', async () => {
    await submit(admin, { paramName: 'a', paramKey: 'dup.key', paramValue: '1' });
    const again = await submit(admin, { paramName: 'b', paramKey: 'dup.key', paramValue: '2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('参数键名已存在');
    const other = (await submit(admin, { paramName: 'c', paramKey: 'dup.other', paramValue: '3' })).json().data;
    expect((await submit(admin, { id: other.id, paramKey: 'dup.key' })).json().msg).toBe('参数键名已存在');
    // Keeping its own key is not a clash.
    expect((await submit(admin, { id: other.id, paramKey: 'dup.other', paramValue: '4' })).statusCode).toBe(200);
  });

  it('rejects malformed keys, ids and paging with 400', async () => {
    expect((await submit(admin, { paramName: 'n', paramKey: 'has space', paramValue: 'v' })).json().msg).toBe(
      '参数键名只能包含字母、数字、点、下划线和短横线',
    );
    expect((await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: 'abc' } })).statusCode).toBe(400);
    expect((await list(admin, { size: '1000' })).statusCode).toBe(400);
    expect((await list(admin, { current: '0' })).statusCode).toBe(400);
    const badIds = await t.as(admin, { method: 'POST', url: `${base}/remove`, query: { ids: '' } });
    expect(badIds.json().msg).toBe('请选择至少一条数据');
    const json = await t.as(admin, {
      method: 'POST',
      url: `${base}/submit`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(json.statusCode).toBe(400);
  });

  it('updating an unknown id is 404 and creates nothing', async () => {
    const res = await submit(admin, { id: '999999999999', paramName: 'ghost' });
    expect(res.statusCode).toBe(404);
    expect((await list(admin, { paramName: 'ghost' })).json().data.total).toBe(0);
  });

  it('remove is all or nothing: one unknown id cancels the request', async () => {
    const keep = (await submit(admin, { paramName: 'keep', paramKey: 'keep.me', paramValue: '1' })).json().data;
    const res = await t.as(admin, { method: 'POST', url: `${base}/remove`, query: { ids: `${keep.id},999999999999` } });
    expect(res.statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: keep.id } })).statusCode).toBe(200);
  });
});

describe('param access', () => {
  it('401 on every call without a token — before validation', async () => {
    for (const [method, url] of [
      ['GET', `${base}/list`],
      ['GET', `${base}/detail?id=1`],
      ['POST', `${base}/remove?ids=1`],
      ['POST', `${base}/submit`],
      ['GET', `${base}/list?size=99999`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('403 without the permission code, before validation', async () => {
    expect((await list(nobodyToken)).statusCode).toBe(403);
    expect((await t.as(nobodyToken, { method: 'GET', url: `${base}/detail?id=2001` })).statusCode).toBe(403);
    expect((await submit(nobodyToken, {})).statusCode).toBe(403);
    expect((await t.as(nobodyToken, { method: 'POST', url: `${base}/remove?ids=2001` })).statusCode).toBe(403);
  });

  it('a viewer can read but not write', async () => {
    expect((await list(viewerToken)).statusCode).toBe(200);
    expect((await submit(viewerToken, { paramName: 'n', paramKey: 'v.v', paramValue: 'v' })).statusCode).toBe(403);
    expect((await t.as(viewerToken, { method: 'POST', url: `${base}/remove?ids=2001` })).statusCode).toBe(403);
  });

  it('parameters are global: a tenant administrator with every param code may read but never write them', async () => {
    expect((await list(tenantAdminToken)).json().data.total).toBeGreaterThan(0);
    const write = await submit(tenantAdminToken, { paramName: 'n', paramKey: 'tenant.write', paramValue: 'v' });
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('只有平台超级管理员可以修改全局数据');
    const remove = await t.as(tenantAdminToken, { method: 'POST', url: `${base}/remove?ids=2001` });
    expect(remove.statusCode).toBe(403);
  });

  it('ignores unknown and SQL-looking query keys and sorts without error', async () => {
    const probes: Record<string, string>[] = [
      { 'updatexml(1,concat(0x7e,md5(1),0x7e),1)': '1' },
      { '1-extractvalue(1,concat(0x7e,md5(1)))': '1' },
      { 'name) or (1': '1' },
      { ascs: 'id,(select pg_sleep(3))' },
      { descs: 'id;drop table sys_param' },
      { sort: '__proto__', constructor: 'y', hasOwnProperty: 'z' },
    ];
    const all = (await list(admin, { size: '200' })).json().data.total;
    for (const q of probes) {
      const started = Date.now();
      const res = await list(admin, { ...q, size: '200' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total).toBe(all);
      expect(res.body).not.toContain('c4ca4238a0b923820dcc509a6f75849b');
      expect(res.body).not.toMatch(/syntax|SQL|XPATH/i);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('never returns credential-like fields', async () => {
    expect(secretKeys((await list(admin, { size: '200' })).json())).toEqual([]);
  });
});
