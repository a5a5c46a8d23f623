import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencePlaces } from '../../../core/crud/references.ts';
import { notice } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart, pdf, png } from '../../../test/sample-files.ts';

const base = '/api/blade-resource/attach';

let t: TestApp;
let schoolAdmin: string;
let reader: string;
let otherSchool: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const tenantId of ['470001', '470002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', ['attach_view', 'attach_edit', 'attach_delete']);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const none = await createRole(t.db, '470001', 'teacher');
  await createUser(t.db, { tenantId: '470001', account: 'teacher', password: 'teacher-pw', roleIds: [none] });
  schoolAdmin = (await t.login('admin', 'school-pw', '470001')).access_token;
  otherSchool = (await t.login('admin', 'school-pw', '470002')).access_token;
  reader = (await t.login('teacher', 'teacher-pw', '470001')).access_token;
});
afterAll(() => t.close());

async function upload(token: string, name = '实训报告.pdf', content = pdf()) {
  const form = await multipart(name, content);
  const res = await t.as(token, { method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { link: string; name: string; attachId: string };
}
const onDisk = (name: string) => existsSync(path.join(t.filesDir, ...name.split('/')));
const remove = (token: string, ids: string) => t.as(token, { method: 'POST', url: `${base}/remove`, query: { ids } });

describe('attachments', () => {
  it('lists uploads with who uploaded them, filters by name and kind', async () => {
    const file = await upload(reader, '教师手册.pdf');
    const list = await t.as(schoolAdmin, {
      method: 'GET',
      url: `${base}/list`,
      query: { originalName: '手册', extension: 'pdf' },
    });
    const records = list.json().data.records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: file.attachId,
      originalName: '教师手册.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      uploaderName: 'teacher',
      category: 'file',
      ossId: null,
    });
  });

  it('only the name can be edited', async () => {
    const file = await upload(schoolAdmin);
    const res = await t.as(schoolAdmin, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { id: file.attachId, originalName: '第二版.pdf', link: 'https://evil.example/x', extension: 'exe' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ originalName: '第二版.pdf', link: file.link, extension: 'pdf' });
    const added = await t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload: { originalName: 'x' } });
    expect([400, 403]).toContain(added.statusCode);
  });

  it('removing deletes the stored file; a file a notice shows stays, naming the notice', async () => {
    const gone = await upload(schoolAdmin);
    expect(onDisk(gone.name)).toBe(true);
    expect((await remove(schoolAdmin, gone.attachId)).statusCode).toBe(200);
    expect(onDisk(gone.name)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: gone.link })).statusCode).toBe(404);

    const used = await upload(schoolAdmin, 'poster.png', png());
    await t.db.insert(notice).values({
      id: '7700101',
      tenantId: '470001',
      title: '期末考试安排',
      category: 1,
      releaseTime: new Date(),
      content: `<p><img src="${used.link}" alt=""></p>`,
    });
    const refused = await remove(schoolAdmin, used.attachId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('附件正在使用，不能删除：通知公告《期末考试安排》');
    const en = await t.as(schoolAdmin, {
      method: 'POST',
      url: `${base}/remove`,
      query: { ids: used.attachId },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('The attachment is in use and cannot be removed: Notice "期末考试安排"');
    expect(onDisk(used.name)).toBe(true);
    // A notice of another school linking the same text does not count.
    expect(await referencePlaces(t.db, 'zh', '470002', 'attach', [used.link])).toEqual(new Map());
  });
});

describe('download', () => {
  const download = (token: string, id: string) =>
    t.as(token, { method: 'GET', url: `${base}/download`, query: { id } });

  it('streams the file under its original name', async () => {
    const file = await upload(schoolAdmin, '实训 报告.pdf');
    const res = await download(schoolAdmin, file.attachId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent('实训 报告.pdf')}`,
    );
    expect(res.rawPayload.equals(pdf())).toBe(true);
  });

  it('401, 403 without attach_view, 400 on a bad id, 404 for another school’s file', async () => {
    const file = await upload(schoolAdmin);
    expect((await t.app.inject({ method: 'GET', url: `${base}/download?id=${file.attachId}` })).statusCode).toBe(401);
    expect((await download(reader, file.attachId)).statusCode).toBe(403);
    expect((await download(schoolAdmin, 'x')).statusCode).toBe(400);
    expect((await download(otherSchool, file.attachId)).statusCode).toBe(404);
  });
});

describe('pictures (the picture picker)', () => {
  const pictures = (token: string, query: Record<string, string> = {}) =>
    t.as(token, { method: 'GET', url: `${base}/pictures`, query });

  it('lists only pictures: the caller’s own, or the whole school’s for attach_view, newest first', async () => {
    const mine = await upload(reader, '实训台.png', png());
    await upload(reader, '讲义.pdf', pdf());
    const theirs = await upload(schoolAdmin, '校门.png', png());
    const own = (await pictures(reader)).json().data;
    expect(own.records.map((r: { id: string }) => r.id)).toEqual([mine.attachId]);
    expect(own.records[0]).toMatchObject({ originalName: '实训台.png', link: mine.link, extension: 'png' });
    const all = (await pictures(schoolAdmin, { size: '200' })).json().data.records.map((r: { id: string }) => r.id);
    expect(all).toContain(mine.attachId);
    expect(all).toContain(theirs.attachId);
    expect(all.indexOf(theirs.attachId)).toBeLessThan(all.indexOf(mine.attachId));
    const named = (await pictures(schoolAdmin, { originalName: '校门' })).json().data.records;
    expect(named.map((r: { id: string }) => r.id)).toEqual([theirs.attachId]);
  });

  it('401 without a session; another school’s pictures never appear; 400 on a bad page size', async () => {
    await upload(schoolAdmin, '校徽.png', png());
    expect((await t.app.inject({ method: 'GET', url: `${base}/pictures` })).statusCode).toBe(401);
    const other = (await pictures(otherSchool, { size: '200' })).json().data.records;
    expect(other.every((r: { tenantId?: string; originalName: string }) => r.originalName !== '校徽.png')).toBe(true);
    expect((await pictures(schoolAdmin, { size: '9999' })).statusCode).toBe(400);
  });
});
