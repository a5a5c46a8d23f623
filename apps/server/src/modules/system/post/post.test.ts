import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
let a: string;
let b: string;
let nobody: string;
const base = '/api/blade-system/post';

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
  const codes = ['post_view', 'post_add', 'post_edit', 'post_delete'];
  for (const id of ['500001', '500002']) {
    await createTenant(t.db, id);
    const role = await createRole(t.db, id, 'admin', codes);
    await createUser(t.db, { tenantId: id, account: 'admin', password: 'tenant-pw', roleIds: [role] });
  }
  a = (await t.login('admin', 'tenant-pw', '500001')).access_token;
  b = (await t.login('admin', 'tenant-pw', '500002')).access_token;
  const none = await createRole(t.db, '500001', 'none');
  await createUser(t.db, { tenantId: '500001', account: 'none', password: 'none-pw', roleIds: [none] });
  nobody = (await t.login('none', 'none-pw', '500001')).access_token;

  for (const [token, code, name, category] of [
    [a, 'DEAN', '教务主任', 1],
    [a, 'TEACHER', '专业教师', 3],
    [b, 'DEAN', '教务主任', 1],
  ] as const) {
    const res = await t.as(token, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { postCode: code, postName: name, category },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('post', () => {
  it('post codes are unique within a tenant, not across tenants', async () => {
    const again = await t.as(a, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { postCode: 'DEAN', postName: 'x', category: 1 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('岗位编号已存在');
  });

  it('filters by category and sorts by the declared columns only', async () => {
    const basic = await t.as(a, { method: 'GET', url: `${base}/list`, query: { category: '3' } });
    expect(basic.json().data.records.map((r: { postCode: string }) => r.postCode)).toEqual(['TEACHER']);
    const bad = await t.as(a, { method: 'GET', url: `${base}/list`, query: { category: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('validates with field messages', async () => {
    const res = await t.as(a, { method: 'POST', url: `${base}/submit`, payload: { postCode: 'X', category: 1 } });
    expect(res.json().msg).toBe('请输入岗位名称');
    const en = await t.as(a, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { postName: 'x', postCode: 'X' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('Please choose the post type');
  });

  it('select lists only the caller tenant, whatever tenantId is asked for', async () => {
    const own = await t.as(a, { method: 'GET', url: `${base}/select`, query: { tenantId: '500002' } });
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .data.map((p: { postCode: string }) => p.postCode)
        .sort(),
    ).toEqual(['DEAN', 'TEACHER']);
    expect(Object.keys(own.json().data[0]).sort()).toEqual(['category', 'id', 'postCode', 'postName']);
  });

  it('select lets the platform superuser pick a tenant', async () => {
    const res = await t.as(platform, { method: 'GET', url: `${base}/select`, query: { tenantId: '500002' } });
    expect(res.json().data.map((p: { postCode: string }) => p.postCode)).toEqual(['DEAN']);
  });

  it('select needs a session and post_view', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/select` })).statusCode).toBe(401);
    expect((await t.as(nobody, { method: 'GET', url: `${base}/select` })).statusCode).toBe(403);
    const tooLong = await t.as(a, { method: 'GET', url: `${base}/select`, query: { tenantId: 'x'.repeat(20) } });
    expect(tooLong.statusCode).toBe(400);
  });
});
