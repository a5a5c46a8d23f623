import { ERROR_LOG_MAX, type ErrorLogEntry } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ERROR_LOG_UPLOADS_PER_USER, redactSecrets } from './error-log.routes.ts';

const url = '/api/blade-auth/oauth/logout';

let t: TestApp;
let teacher: string;
let teacherId: string;
let otherSchool: string;

const entry = (over: Partial<ErrorLogEntry> = {}): ErrorLogEntry => ({
  type: 'error',
  url: 'http://school.example/system/param',
  message: "Cannot read properties of undefined (reading 'id')",
  stack: 'TypeError: x\n    at Param (param.js:1:2)',
  info: 'param.js:1:2',
  time: '2026-01-05 08:03:09',
  ...over,
});
const upload = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url, payload: payload as object, headers });

beforeAll(async () => {
  t = await startTestApp();
  for (const tenantId of ['450001', '450002']) await createTenant(t.db, tenantId);
  const role = await createRole(t.db, '450001', 'teacher');
  teacherId = await createUser(t.db, {
    tenantId: '450001',
    account: 'teacher',
    password: 'teacher-pw',
    roleIds: [role],
  });
  const other = await createRole(t.db, '450002', 'teacher');
  await createUser(t.db, { tenantId: '450002', account: 'teacher', password: 'teacher-pw', roleIds: [other] });
  teacher = (await t.login('teacher', 'teacher-pw', '450001')).access_token;
  otherSchool = (await t.login('teacher', 'teacher-pw', '450002')).access_token;
});
afterAll(() => t.close());

describe('error log upload (POST oauth/logout with the log array)', () => {
  it('stores each entry as an error log of the uploader, with address and browser, and answers the count', async () => {
    const res = await upload(teacher, [entry(), entry({ type: 'render', message: 'boom', info: 'at <Page>' })], {
      'user-agent': 'Mozilla/5.0 Test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: 2 });
    const rows = await t.db.select().from(errorLog).where(eq(errorLog.userId, teacherId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.type === 'render')).toMatchObject({
      tenantId: '450001',
      serviceId: 'web',
      message: 'boom',
      info: 'at <Page>',
      clientTime: '2026-01-05 08:03:09',
      userAgent: 'Mozilla/5.0 Test',
    });
    expect(rows[0]!.ip).not.toBe('');
  });

  it('keeps each school to its own logs', async () => {
    await upload(otherSchool, [entry({ message: 'other school' })]);
    const rows = await t.db.select().from(errorLog);
    expect(rows.filter((r) => r.message === 'other school').map((r) => r.tenantId)).toEqual(['450002']);
    expect(rows.filter((r) => r.tenantId === '450001').every((r) => r.userId === teacherId)).toBe(true);
  });

  it('blanks tokens, codes and passwords in addresses and messages before storing them', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    await upload(teacher, [
      entry({
        url: `http://school.example/wel/index?token=${jwt}&tab=2`,
        message: `Request failed with Blade-Auth: bearer ${jwt}`,
        stack: 'at /oauth/callback/gitee?code=abc123&state=xyz789',
        info: 'password=hunter2',
      }),
    ]);
    const [row] = await t.db
      .select()
      .from(errorLog)
      .where(eq(errorLog.url, 'http://school.example/wel/index?token=***&tab=2'));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(jwt);
    expect(row!.message).toBe('Request failed with Blade-Auth: bearer ***');
    expect(row!.stack).toBe('at /oauth/callback/gitee?code=***&state=***');
    expect(redactSecrets('see ?password=hunter2 and &secret=s3')).toBe('see ?password=*** and &secret=***');
  });

  it('400 on a body that is not a bounded array of bounded entries, storing nothing', async () => {
    const before = (await t.db.select().from(errorLog)).length;
    const msg = async (payload: unknown) => {
      const res = await upload(teacher, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      return res.json().msg as string;
    };
    expect(await msg({ type: 'error' })).toBe('日志必须是数组');
    expect(await msg([])).toBe('没有要上传的日志');
    expect(await msg(Array.from({ length: ERROR_LOG_MAX + 1 }, () => entry()))).toBe('一次最多上传 200 条日志');
    expect(await msg([entry({ type: '' })])).toBe('日志类型不能为空');
    await msg([entry({ message: 'x'.repeat(2001) })]);
    await msg([entry({ stack: 'x'.repeat(8001) })]);
    await msg([{ ...entry(), message: 42 }]);
    expect((await t.db.select().from(errorLog)).length).toBe(before);
  });

  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url, payload: [entry()] })).statusCode).toBe(401);
  });

  it(`refuses more than ${ERROR_LOG_UPLOADS_PER_USER} uploads an hour from one user`, async () => {
    const role = await createRole(t.db, '450001', 'busy');
    await createUser(t.db, { tenantId: '450001', account: 'busy', password: 'busy-pw', roleIds: [role] });
    const busy = (await t.login('busy', 'busy-pw', '450001')).access_token;
    for (let i = 0; i < ERROR_LOG_UPLOADS_PER_USER; i += 1) {
      expect((await upload(busy, [entry()])).statusCode).toBe(200);
    }
    const refused = await upload(busy, [entry()], { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('Logs were uploaded too often; please try again later');
    // Another user is not affected.
    expect((await upload(teacher, [entry()])).statusCode).toBe(200);
  });
});
