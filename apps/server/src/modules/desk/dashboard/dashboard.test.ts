import type { Dashboard } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const url = '/api/blade-desk/dashboard';
let t: TestApp;
let schoolAdmin: string;
let teacher: string;
let otherAdmin: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const tenantId of ['250001', '250002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', ['user_view', 'user_edit', 'notice_view', 'role_view']);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const none = await createRole(t.db, '250001', 'teacher');
  await createUser(t.db, { tenantId: '250001', account: 'teacher', password: 'teacher-pw', roleIds: [none] });
  // Two guests of school 250001 wait for approval (disabled, no role); one account an administrator disabled.
  await createUser(t.db, { tenantId: '250001', account: 'guest1', password: 'x-pw', roleIds: [], status: 0 });
  await createUser(t.db, { tenantId: '250001', account: 'guest2', password: 'x-pw', roleIds: [], status: 0 });
  await createUser(t.db, { tenantId: '250001', account: 'off', password: 'x-pw', roleIds: [none], status: 0 });
  schoolAdmin = (await t.login('admin', 'school-pw', '250001')).access_token;
  teacher = (await t.login('teacher', 'teacher-pw', '250001')).access_token;
  otherAdmin = (await t.login('admin', 'school-pw', '250002')).access_token;
  platformAdmin = (await t.login('admin', 'admin')).access_token;
});
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Dashboard;
};
const countsOf = (d: Dashboard) => Object.fromEntries(d.counts.map((c) => [c.key, c.value]));

describe('dashboard', () => {
  it('401 without a token or with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.as('not-a-token', { method: 'GET', url })).statusCode).toBe(401);
  });

  it('counts only what the caller may list, within their own tenant', async () => {
    const mine = await dashboard(schoolAdmin);
    // admin, teacher, two guests and the disabled account; roles admin and teacher; no notices yet.
    expect(countsOf(mine)).toEqual({ user: 5, role: 2, notice: 0 });
    expect(mine.todo).toEqual([{ key: 'pendingUsers', count: 2, path: '/system/user' }]);
    // The other school sees its own rows only: none of 250001's users, guests or roles.
    const theirs = await dashboard(otherAdmin);
    expect(countsOf(theirs)).toEqual({ user: 1, role: 1, notice: 0 });
    expect(theirs.todo).toEqual([]);
  });

  it('a role without permissions gets an empty dashboard, not a refusal', async () => {
    expect(await dashboard(teacher)).toEqual({ counts: [], todo: [] });
  });

  it('the platform superuser also sees the tenants, in order', async () => {
    const platform = await dashboard(platformAdmin);
    const tenants = await t.db.$count(tenant);
    expect(platform.counts.map((c) => c.key)).toEqual(['tenant', 'user', 'role', 'dept', 'notice', 'attach']);
    expect(countsOf(platform).tenant).toBe(tenants);
    // Counted in the platform tenant only.
    expect(countsOf(platform).user).toBe(1);
  });

  it('follows new rows', async () => {
    const before = countsOf(await dashboard(schoolAdmin)).user;
    await createUser(t.db, { tenantId: '250001', account: 'guest3', password: 'x-pw', roleIds: [], status: 0 });
    const after = await dashboard(schoolAdmin);
    expect(countsOf(after).user).toBe((before ?? 0) + 1);
    expect(after.todo[0]?.count).toBe(3);
  });
});
