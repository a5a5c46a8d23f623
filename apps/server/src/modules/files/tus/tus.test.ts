import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RESUMABLE_UPLOAD_PATH as TUS } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, job } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { pdf, png } from '../../../test/sample-files.ts';
import { expireUploads, UPLOAD_IDLE_MS } from './tus.expire.ts';

let t: TestApp;
/** Two students of school 450001 and one of school 450002. */
let student: string;
let classmate: string;
let otherSchool: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const tenantId of ['450001', '450002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'student');
    await createUser(t.db, { tenantId, account: 'student', password: 'student-pw', roleIds: [role] });
    if (tenantId === '450001') {
      await createUser(t.db, { tenantId, account: 'classmate', password: 'student-pw', roleIds: [role] });
    }
  }
  student = (await t.login('student', 'student-pw', '450001')).access_token;
  classmate = (await t.login('classmate', 'student-pw', '450001')).access_token;
  otherSchool = (await t.login('student', 'student-pw', '450002')).access_token;
});
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const uploadsDir = () => path.join(t.filesDir, '.tus');
const pending = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

async function create(token: string, length: number, meta: Record<string, string>, lang = 'zh') {
  const metadata = Object.entries(meta)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
  return t.as(token, {
    method: 'POST',
    url: TUS,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadata,
      'accept-language': lang,
    },
  });
}

/** Creates an upload and answers its URL. */
async function begin(token: string, bytes: Buffer, filename: string, category: string): Promise<string> {
  const res = await create(token, bytes.length, { filename, category });
  expect(res.statusCode, res.body).toBe(201);
  const location = res.headers.location as string;
  expect(location).toMatch(new RegExp(`^${TUS}/[A-Za-z0-9_-]{24}$`));
  return location;
}

function patch(token: string, url: string, offset: number, bytes: Buffer, lang = 'zh') {
  return t.as(token, {
    method: 'PATCH',
    url,
    payload: bytes,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'accept-language': lang,
    },
  });
}

const head = (token: string, url: string) =>
  t.as(token, { method: 'HEAD', url, headers: { 'tus-resumable': '1.0.0' } });

describe('resumable uploads (tus)', () => {
  it('takes a file in parts, stores it like put-file with its SHA-256, and dates it from when the upload began', async () => {
    const bytes = pdf('实训报告 resumable '.repeat(200));
    const before = Date.now();
    const url = await begin(student, bytes, '../实训报告.pdf', 'document');
    const began = Date.now();
    await sleep(50);

    const half = Math.floor(bytes.length / 2);
    const first = await patch(student, url, 0, bytes.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const offset = await head(student, url);
    expect(offset.statusCode).toBe(200);
    expect(offset.headers['upload-offset']).toBe(String(half));
    expect(offset.headers['upload-length']).toBe(String(bytes.length));

    const last = await patch(student, url, half, bytes.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));

    const result = await t.as(student, { method: 'GET', url: `${url}/result` });
    expect(result.statusCode, result.body).toBe(200);
    const data = result.json().data;
    expect(data).toMatchObject({ originalName: '实训报告.pdf', size: bytes.length, sha256: sha256(bytes) });
    const [row] = await t.db.select().from(attach).where(eq(attach.id, data.attachId));
    expect(row).toMatchObject({
      tenantId: '450001',
      extension: 'pdf',
      category: 'document',
      attachSize: bytes.length,
      sha256: sha256(bytes),
      link: data.link,
    });
    // create_time is the moment the upload began, not when its last byte arrived.
    expect(row!.createTime.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.createTime.getTime()).toBeLessThanOrEqual(began);
    expect(data.beganAt).toBe(row!.createTime.toISOString());
    const served = await t.app.inject({ method: 'GET', url: data.link });
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);

    // Only the record is left (for the result), and a HEAD still says "complete" to a client that lost the answer.
    expect(pending()).toEqual([`${url.split('/').pop()}.json`]);
    const done = await head(student, url);
    expect(done.headers['upload-offset']).toBe(String(bytes.length));
    const again = await patch(student, url, bytes.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(409);
    const removeStored = await t.as(student, { method: 'DELETE', url, headers: { 'tus-resumable': '1.0.0' } });
    expect(removeStored.statusCode).toBe(400);
    expect((await t.as(student, { method: 'GET', url: `${url}/result` })).json().data.attachId).toBe(data.attachId);
  });

  it('resumes after a PATCH cut off mid-way: HEAD tells what arrived, the rest completes the file', async () => {
    const bytes = png(200, 200, 0, true);
    const url = await begin(student, bytes, 'photo.png', 'image');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;

    // Announce every byte, send half, and drop the connection.
    const half = Math.floor(bytes.length / 2);
    const cut = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: url,
      headers: {
        'blade-auth': `bearer ${student}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    cut.on('error', () => {});
    cut.write(bytes.subarray(0, half));
    const id = url.split('/').pop()!;
    for (let i = 0; i < 100 && fileSize(id) < half; i++) await sleep(20);
    cut.destroy();

    let offset = -1;
    for (let i = 0; i < 100 && offset !== half; i++) {
      await sleep(20);
      const res = await head(student, url);
      offset = Number(res.headers['upload-offset']);
    }
    expect(offset).toBe(half);
    const rest = await patch(student, url, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    const data = (await t.as(student, { method: 'GET', url: `${url}/result` })).json().data;
    expect(data.sha256).toBe(sha256(bytes));
  });

  it('is for signed-in callers only, and an upload is its creator’s: others get the answer of an unknown id', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: TUS,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.statusCode).toBe(401);

    const bytes = pdf();
    const url = await begin(student, bytes, 'mine.pdf', 'document');
    const anonymousHead = await t.app.inject({ method: 'HEAD', url, headers: { 'tus-resumable': '1.0.0' } });
    expect(anonymousHead.statusCode).toBe(401);

    const unknown = await patch(classmate, `${TUS}/AAAAAAAAAAAAAAAAAAAAAAAA`, 0, bytes);
    expect(unknown.statusCode).toBe(404);
    for (const token of [classmate, otherSchool]) {
      const theirs = await patch(token, url, 0, bytes);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(unknown.json());
      expect((await head(token, url)).statusCode).toBe(404);
      const remove = await t.as(token, { method: 'DELETE', url, headers: { 'tus-resumable': '1.0.0' } });
      expect(remove.statusCode).toBe(404);
      expect((await t.as(token, { method: 'GET', url: `${url}/result` })).statusCode).toBe(404);
    }
    // Untouched by them: the owner finishes it.
    expect((await head(student, url)).headers['upload-offset']).toBe('0');
    expect((await patch(student, url, 0, bytes)).statusCode).toBe(204);

    // Abandoning one of the owner's: gone for good.
    const other = await begin(student, bytes, 'draft.pdf', 'document');
    const remove = await t.as(student, { method: 'DELETE', url: other, headers: { 'tus-resumable': '1.0.0' } });
    expect(remove.statusCode).toBe(204);
    expect((await head(student, other)).statusCode).toBe(404);
  });

  it('refuses a declared length over the category’s limit, a missing length and bad metadata, creating nothing', async () => {
    const before = pending();
    const tooLarge = await create(student, 10 * 1024 * 1024 + 1, { filename: 'big.png', category: 'image' }, 'en');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().msg).toBe('The file must not be larger than 10 MB');
    const avatar = await create(student, 600 * 1024, { filename: 'me.png', category: 'avatar' });
    expect(avatar.json().msg).toBe('上传头像图片大小不能超过 500KB');
    const deferred = await t.as(student, {
      method: 'POST',
      url: TUS,
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': `filename ${b64('a.pdf')}` },
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().msg).toMatch(/Upload-Length/);
    const noName = await create(student, 10, { category: 'image' });
    expect(noName.statusCode).toBe(400);
    const badCategory = await create(student, 10, { filename: 'a.exe', category: 'program' });
    expect(badCategory.statusCode).toBe(400);
    expect(pending()).toEqual(before);
  });

  it('never takes more bytes than declared', async () => {
    const bytes = pdf();
    const url = await begin(student, bytes, 'short.pdf', 'document');
    const res = await patch(student, url, 0, Buffer.concat([bytes, Buffer.from('more')]));
    expect(res.statusCode).toBe(413);
    expect((await head(student, url)).headers['upload-offset']).toBe('0');
  });

  it('refuses content the category does not allow once it has arrived, and keeps nothing of it', async () => {
    const rows = await t.db.select().from(attach).where(eq(attach.tenantId, '450001'));
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    const url = await begin(student, text, 'photo.png', 'image');
    const res = await patch(student, url, 0, text, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This type of file is not accepted; allowed: jpg, png, gif, webp');
    const id = url.split('/').pop()!;
    expect(pending().filter((f) => f.startsWith(id))).toEqual([]);
    expect((await t.as(student, { method: 'GET', url: `${url}/result` })).statusCode).toBe(404);
    expect(await t.db.select().from(attach).where(eq(attach.tenantId, '450001'))).toHaveLength(rows.length);
  });

  it('answers "not finished" for the result of an upload still arriving', async () => {
    const bytes = pdf();
    const url = await begin(student, bytes, 'later.pdf', 'document');
    const res = await t.as(student, { method: 'GET', url: `${url}/result`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/not been uploaded completely/);
  });

  it('removes uploads untouched for 24 hours (a recurring job)', async () => {
    const bytes = pdf();
    const stale = (await begin(student, bytes, 'old.pdf', 'document')).split('/').pop()!;
    const fresh = (await begin(student, bytes, 'new.pdf', 'document')).split('/').pop()!;
    const old = (Date.now() - UPLOAD_IDLE_MS - 60_000) / 1000;
    for (const f of [stale, `${stale}.json`]) utimesSync(path.join(uploadsDir(), f), old, old);
    expect(await expireUploads(uploadsDir(), Date.now() - UPLOAD_IDLE_MS)).toBe(1);
    expect(pending()).not.toContain(`${stale}.json`);
    expect(pending()).toContain(`${fresh}.json`);
    const [scheduled] = await t.db
      .select()
      .from(job)
      .where(and(eq(job.name, 'files.expireUploads'), eq(job.key, 'recurring')));
    expect(scheduled).toBeDefined();
  });
});

function fileSize(id: string): number {
  const file = path.join(uploadsDir(), id);
  return existsSync(file) ? statSync(file).size : 0;
}
