import type { Notice } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict, notice } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const base = '/api/blade-desk/notice';
const CODES = ['notice_view', 'notice_add', 'notice_edit', 'notice_delete'];

let t: TestApp;
/** Tenant 430001's administrator (all notice codes) and a teacher of the same school with none. */
let schoolAdmin: string;
let teacher: string;
/** Another school's administrator. */
let otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const tenantId of ['430001', '430002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', CODES);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const none = await createRole(t.db, '430001', 'teacher');
  await createUser(t.db, { tenantId: '430001', account: 'teacher', password: 'teacher-pw', roleIds: [none] });
  schoolAdmin = (await t.login('admin', 'school-pw', '430001')).access_token;
  otherAdmin = (await t.login('admin', 'school-pw', '430002')).access_token;
  teacher = (await t.login('teacher', 'teacher-pw', '430001')).access_token;
});
afterAll(() => t.close());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const detail = async (id: string) =>
  (await t.as(schoolAdmin, { method: 'GET', url: `${base}/detail`, query: { id } })).json().data as Notice;
async function add(token: string, fields: object) {
  const res = await submit(token, { title: '通知', category: 1, releaseTime: hoursFromNow(-1), ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Notice;
}

describe('notice content is sanitised on the server', () => {
  it('stores a payload clean and reads it back clean', async () => {
    const created = await add(schoolAdmin, {
      content:
        '<p onclick="alert(1)">请<strong>准时</strong>参加</p><img src=x onerror=alert(1)>' +
        '<script>alert(document.cookie)</script><a href="javascript:alert(1)">详情</a><iframe src="https://evil.example"></iframe>',
    });
    const expected = '<p>请<strong>准时</strong>参加</p><a>详情</a>';
    expect(created.content).toBe(expected);
    expect((await detail(created.id)).content).toBe(expected);
    const [row] = await t.db.select({ content: notice.content }).from(notice).where(eq(notice.id, created.id));
    expect(row!.content).toBe(expected);
  });

  it('keeps pictures from the school’s own storage only', async () => {
    const ours = `/files/430001/20260105/abcdefghijklmnopqrstuvwx.png`;
    const created = await add(schoolAdmin, {
      content: `<p><img src="${ours}" alt="考场" /><img src="/files/000000/20260105/abcdefghijklmnopqrstuvwx.png" /><img src="https://evil.example/t.png" /></p>`,
    });
    expect(created.content).toBe(`<p><img src="${ours}" alt="考场" /></p>`);
  });

  it('sees through JSON escapes (\\u003cscript\\u003e) and cleans edits too', async () => {
    const body =
      '{"title":"转义","category":2,"releaseTime":"2026-01-05T08:00:00.000Z",' +
      '"content":"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003cp\\u003e正文\\u003c/p\\u003e"}';
    const res = await t.as(schoolAdmin, {
      method: 'POST',
      url: `${base}/submit`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content).toBe('<p>正文</p>');
    const edited = await submit(schoolAdmin, { id: res.json().data.id, content: '<svg onload=alert(1)></svg>改后' });
    expect(edited.json().data.content).toBe('改后');
    // A partial edit that sends no content keeps it.
    const retitled = await submit(schoolAdmin, { id: res.json().data.id, title: '新标题' });
    expect(retitled.json().data).toMatchObject({ title: '新标题', content: '改后' });
  });
});

describe('notice rules', () => {
  it('needs a title, a release time and a category the notice dictionary offers', async () => {
    const msg = async (payload: object) => (await submit(schoolAdmin, payload)).json().msg;
    expect(await msg({ category: 1, releaseTime: hoursFromNow(0) })).toBe('请输入通知标题');
    expect(await msg({ title: '无时间', category: 1 })).toBe('请选择发布时间');
    expect(await msg({ title: '无类型', releaseTime: hoursFromNow(0) })).toBe('请选择通知类型');
    expect(await msg({ title: '坏类型', category: 99, releaseTime: hoursFromNow(0) })).toBe('所选通知类型不存在');
    await t.db
      .update(dict)
      .set({ isSealed: 1 })
      .where(and(eq(dict.code, 'notice'), eq(dict.dictKey, '5')));
    expect(await msg({ title: '封存类型', category: 5, releaseTime: hoursFromNow(0) })).toBe('所选通知类型不存在');
  });

  it('lists with title, category and release-time filters, ignoring keys it does not declare', async () => {
    await add(schoolAdmin, { title: '期末考试安排', category: 3, releaseTime: '2026-01-10T02:00:00.000Z' });
    await add(schoolAdmin, { title: '寒假放假通知', category: 3, releaseTime: '2026-01-20T02:00:00.000Z' });
    const list = async (query: Record<string, string>) =>
      (await t.as(schoolAdmin, { method: 'GET', url: `${base}/list`, query: { size: '200', ...query } })).json().data
        .records as Notice[];
    expect((await list({ title: '考试' })).map((n) => n.title)).toEqual(['期末考试安排']);
    expect((await list({ category: '3' })).map((n) => n.title)).toEqual(['寒假放假通知', '期末考试安排']);
    expect(
      (await list({ releaseTime: '2026-01-15T00:00:00.000Z,2026-01-31T00:00:00.000Z' })).map((n) => n.title),
    ).toEqual(['寒假放假通知']);
    const injected = await t.as(schoolAdmin, {
      method: 'GET',
      url: `${base}/list`,
      query: { category: '3', 'updatexml(1,concat(0x7e,md5(1),0x7e),1)': '1', descs: '1;drop table desk_notice' },
    });
    expect(injected.statusCode).toBe(200);
    expect(injected.body).not.toContain('c4ca4238a0b923820dcc509a6f75849b');
    expect(injected.json().data.total).toBe(2);
  });
});

describe('notice/published', () => {
  it("shows every signed-in user their own school's released notices, newest first, and nothing else", async () => {
    const older = await add(schoolAdmin, { title: '已发布（早）', releaseTime: hoursFromNow(-48) });
    const newer = await add(schoolAdmin, { title: '已发布（晚）', releaseTime: hoursFromNow(-0.5) });
    const future = await add(schoolAdmin, { title: '明天发布', releaseTime: hoursFromNow(24) });
    const removed = await add(schoolAdmin, { title: '已删除', releaseTime: hoursFromNow(-2) });
    await t.as(schoolAdmin, { method: 'POST', url: `${base}/remove`, query: { ids: removed.id } });
    const foreign = await add(otherAdmin, { title: '别的学校', releaseTime: hoursFromNow(-1) });

    const published = async (query: Record<string, string> = {}) => {
      const res = await t.as(teacher, { method: 'GET', url: `${base}/published`, query: { size: '200', ...query } });
      expect(res.statusCode).toBe(200);
      return res.json().data as { records: Notice[]; total: number };
    };
    // The teacher holds no notice code: the list is closed to them, the published feed is not.
    expect((await t.as(teacher, { method: 'GET', url: `${base}/list` })).statusCode).toBe(403);
    const ids = (await published()).records.map((n) => n.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(removed.id);
    expect(ids).not.toContain(foreign.id);
    const releases = (await published()).records.map((n) => n.releaseTime);
    expect(releases).toEqual([...releases].sort().reverse());

    // Once its time has come, the future notice appears.
    await t.db
      .update(notice)
      .set({ releaseTime: new Date(Date.now() - 1000) })
      .where(eq(notice.id, future.id));
    expect((await published()).records[0]!.id).toBe(future.id);

    const page = await published({ size: '1', current: '2' });
    expect(page.records).toHaveLength(1);
    expect(page.total).toBe(ids.length + 1);
  });

  it('401 without a token, 400 on bad paging', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/published` })).statusCode).toBe(401);
    expect((await t.as(teacher, { method: 'GET', url: `${base}/published`, query: { size: '999' } })).statusCode).toBe(
      400,
    );
  });
});
