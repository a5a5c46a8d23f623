import type { Page, PublishedNotice } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const base = '/api/blade-desk/notice';

let t: TestApp;
/** School 440001: an administrator who writes notices, two teachers who read them; school 440002's administrator. */
let admin: string;
let teacherA: string;
let teacherB: string;
let otherAdmin: string;
let released: string[];
let draft: string;
let foreign: string;

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
async function add(token: string, title: string, releaseHours: number) {
  const res = await t.as(token, {
    method: 'POST',
    url: `${base}/submit`,
    payload: { title, category: 1, releaseTime: hoursFromNow(releaseHours), content: '<p>正文</p>' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const unread = async (token: string) =>
  (await t.as(token, { method: 'GET', url: `${base}/unread-count` })).json().data as number;
const feed = async (token: string) =>
  (await t.as(token, { method: 'GET', url: `${base}/published`, query: { size: '50' } })).json()
    .data as Page<PublishedNotice>;
const markRead = (token: string, ids: string[]) =>
  t.as(token, { method: 'POST', url: `${base}/read`, query: { ids: ids.join(',') } });

beforeAll(async () => {
  t = await startTestApp();
  const codes = ['notice_view', 'notice_add', 'notice_edit', 'notice_delete'];
  for (const tenantId of ['440001', '440002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', codes);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const reader = await createRole(t.db, '440001', 'teacher');
  for (const account of ['teacher-a', 'teacher-b']) {
    await createUser(t.db, { tenantId: '440001', account, password: 'teacher-pw', roleIds: [reader] });
  }
  admin = (await t.login('admin', 'school-pw', '440001')).access_token;
  otherAdmin = (await t.login('admin', 'school-pw', '440002')).access_token;
  teacherA = (await t.login('teacher-a', 'teacher-pw', '440001')).access_token;
  teacherB = (await t.login('teacher-b', 'teacher-pw', '440001')).access_token;
  released = [await add(admin, '开学通知', -3), await add(admin, '安全须知', -2), await add(admin, '实训安排', -1)];
  draft = await add(admin, '下周发布', 24);
  foreign = await add(otherAdmin, '别校通知', -1);
});
afterAll(() => t.close());

describe('notice read marks', () => {
  it('counts released notices each user has not opened, and marks them per user', async () => {
    expect(await unread(teacherA)).toBe(3);
    expect(await unread(teacherB)).toBe(3);
    expect((await feed(teacherA)).records.map((n) => n.read)).toEqual([false, false, false]);

    const res = await markRead(teacherA, [released[2]!]);
    expect(res.statusCode).toBe(200);
    expect(await unread(teacherA)).toBe(2);
    expect(await unread(teacherB)).toBe(3);
    const mine = (await feed(teacherA)).records;
    expect(mine.find((n) => n.id === released[2])?.read).toBe(true);
    expect(mine.filter((n) => n.read)).toHaveLength(1);

    // Marking again changes nothing.
    expect((await markRead(teacherA, [released[2]!])).statusCode).toBe(200);
    expect(await unread(teacherA)).toBe(2);
  });

  it('read-all marks every released notice, and a notice released later is unread again', async () => {
    expect((await t.as(teacherB, { method: 'POST', url: `${base}/read-all` })).statusCode).toBe(200);
    expect(await unread(teacherB)).toBe(0);
    const later = await add(admin, '补充通知', -0.1);
    expect(await unread(teacherB)).toBe(1);
    expect((await feed(teacherB)).records.find((n) => n.id === later)?.read).toBe(false);
  });

  it("ignores drafts and other schools' notices without telling whether they exist", async () => {
    const before = await unread(otherAdmin);
    expect((await markRead(teacherA, [draft, foreign])).statusCode).toBe(200);
    expect(await unread(otherAdmin)).toBe(before);
    // The draft, once released, is still unread for the teacher: the earlier mark was not stored.
    await t.as(admin, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { id: draft, releaseTime: hoursFromNow(-0.05) },
    });
    expect((await feed(teacherA)).records.find((n) => n.id === draft)?.read).toBe(false);
    // Another school's reader sees only its own notice.
    expect((await feed(otherAdmin)).records.map((n) => n.id)).toEqual([foreign]);
  });

  it('401 without a token, 400 on bad ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/unread-count` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${base}/read`, query: { ids: released[0]! } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'POST', url: `${base}/read-all` })).statusCode).toBe(401);
    expect((await markRead(teacherA, [])).statusCode).toBe(400);
    expect((await t.as(teacherA, { method: 'POST', url: `${base}/read`, query: { ids: 'abc' } })).statusCode).toBe(400);
  });
});
