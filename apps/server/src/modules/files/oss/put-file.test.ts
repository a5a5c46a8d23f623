import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { docx, headers, mp3, multipart, pdf, png, pptx, wav, xlsx } from '../../../test/sample-files.ts';

const PUT = '/api/blade-resource/oss/endpoint/put-file';
const REMOVE = '/api/blade-resource/oss/endpoint/remove-file';
const KEY = /^(\d{6})\/\d{8}\/[A-Za-z0-9_-]{32}\.[a-z0-9]+$/;

let t: TestApp;
let s3: LocalS3;
/** Tenant 450001's administrator (attach and oss codes) and a student with no codes; 450002 is another school. */
let schoolAdmin: string;
let student: string;
let otherSchool: string;

beforeAll(async () => {
  t = await startTestApp({ localEndpoints: true });
  s3 = await startLocalS3();
  const codes = ['attach_view', 'attach_edit', 'attach_delete', 'oss_view', 'oss_add', 'oss_edit', 'oss_delete'];
  for (const tenantId of ['450001', '450002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', codes);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const none = await createRole(t.db, '450001', 'student');
  await createUser(t.db, { tenantId: '450001', account: 'student', password: 'student-pw', roleIds: [none] });
  schoolAdmin = (await t.login('admin', 'school-pw', '450001')).access_token;
  otherSchool = (await t.login('admin', 'school-pw', '450002')).access_token;
  student = (await t.login('student', 'student-pw', '450001')).access_token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function put(token: string, name: string, content: Buffer, query: Record<string, string> = {}, lang = 'zh') {
  const form = await multipart(name, content);
  return t.as(token, {
    method: 'POST',
    url: PUT,
    query,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': lang },
  });
}

/** The bytes behind a link: same-origin links from the app, S3 links from the S3 server. */
async function fetchLink(link: string, headers: Record<string, string> = {}) {
  if (link.startsWith('/files/')) {
    const res = await t.app.inject({ method: 'GET', url: link, headers });
    return { status: res.statusCode, body: res.rawPayload, headers: res.headers as Record<string, string> };
  }
  const res = await fetch(link, { headers });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    headers: Object.fromEntries(res.headers) as Record<string, string>,
  };
}

const tmpFiles = () => {
  const dir = path.join(t.filesDir, '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe.each(['local disk', 'S3-compatible server'])('put-file to the %s', (driver) => {
  beforeAll(async () => {
    if (driver === 'local disk') return;
    const res = await t.as(schoolAdmin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: {
        category: 1,
        ossCode: 'minio-test',
        endpoint: s3.endpoint,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucketName: s3.bucket,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const enable = await t.as(schoolAdmin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: res.json().data.id },
    });
    expect(enable.statusCode).toBe(200);
  });

  it('stores a checked file under a random key, records it, and serves the same bytes', async () => {
    const image = png(8, 8);
    const res = await put(student, '../../etc/班级合影.png', image, { category: 'image' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.name).toMatch(KEY);
    expect(data.name.startsWith('450001/')).toBe(true);
    expect(data.originalName).toBe('班级合影.png');
    expect(data.link).toBe(`${data.domain}/${data.name}`);
    if (driver === 'local disk') expect(data.link).toBe(`/files/${data.name}`);
    else expect(data.link).toBe(`${s3.endpoint}/${s3.bucket}/${data.name}`);

    const [row] = await t.db.select().from(attach).where(eq(attach.id, data.attachId));
    expect(row).toMatchObject({
      tenantId: '450001',
      link: data.link,
      name: data.name,
      extension: 'png',
      contentType: 'image/png',
      attachSize: image.length,
      category: 'image',
      sha256: createHash('sha256').update(image).digest('hex'),
    });
    expect(data.sha256).toBe(row!.sha256);
    expect(row!.ossId === null).toBe(driver === 'local disk');
    const served = await fetchLink(data.link);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, image)).toBe(0);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts each document, audio and video kind by its content, whatever it is called', async () => {
    const cases: [string, Buffer, string][] = [
      ['讲义.pdf', pdf(), 'pdf'],
      ['教案.docx', docx(), 'docx'],
      ['成绩.xlsx', xlsx(), 'xlsx'],
      ['课件.pptx', pptx(), 'pptx'],
      ['旧教案.doc', headers.doc(), 'doc'],
      ['说明.txt', Buffer.from('实训说明\r\n第一步'), 'txt'],
      ['听力.mp3', mp3(), 'mp3'],
      ['朗读.wav', wav(), 'wav'],
      ['实验.mp4', headers.mp4(), 'mp4'],
      ['photo.jpg', headers.jpg(), 'jpg'],
      ['named-wrong.pdf', png(), 'png'],
    ];
    for (const [name, content, ext] of cases) {
      const res = await put(student, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().data.name.endsWith(`.${ext}`), name).toBe(true);
    }
  });

  it('refuses a renamed program, HTML and SVG, whatever they are called', async () => {
    for (const [name, content] of [
      ['slides.pdf', headers.exe()],
      ['page.txt', headers.html()],
      ['logo.png', headers.svg()],
    ] as const) {
      const res = await put(student, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg).toMatch(/^不支持的文件类型，只能上传：jpg, png/);
    }
    const en = await put(student, 'slides.pdf', headers.exe(), { category: 'document' }, 'en');
    expect(en.json().msg).toBe('This type of file is not accepted; allowed: pdf, docx, xlsx, pptx, doc, xls, ppt, txt');
    expect(tmpFiles()).toEqual([]);
  });

  it('keeps each category to its kinds', async () => {
    expect((await put(student, 'a.png', png(), { category: 'audio' })).statusCode).toBe(400);
    expect((await put(student, 'a.mp3', mp3(), { category: 'image' })).statusCode).toBe(400);
    expect((await put(student, 'a.mp4', headers.mp4(), { category: 'video' })).statusCode).toBe(200);
    expect((await put(student, 'a.wav', wav(), { category: 'audio' })).statusCode).toBe(200);
  });
});

describe('avatars', () => {
  it('takes JPG and PNG up to 500 KB only, in the words of the spec', async () => {
    expect((await put(student, 'me.jpg', headers.jpg(), { category: 'avatar' })).statusCode).toBe(200);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    const wrongType = await put(student, 'me.png', gif, { category: 'avatar' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toBe('上传头像图片只能是 JPG/PNG 格式');
    const big = png(8, 8, 510 * 1024);
    const tooBig = await put(student, 'me.png', big, { category: 'avatar' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toBe('上传头像图片大小不能超过 500KB');
    const en = await put(student, 'me.png', big, { category: 'avatar' }, 'en');
    expect(en.json().msg).toBe('The avatar must not be larger than 500 KB');
    expect(tmpFiles()).toEqual([]);
  });
});

describe('limits and bad requests', () => {
  it('applies the size limit a parameter sets', async () => {
    const admin = (await t.login('admin', 'admin')).access_token;
    const setImageLimit = (paramValue: string) =>
      t.as(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: '60100', paramValue } });
    expect((await setImageLimit('0.01')).statusCode).toBe(200);
    const res = await put(student, 'big.png', png(8, 8, 20 * 1024), { category: 'image' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('文件不能超过 10 KB');
    expect((await put(student, 'small.png', png(), { category: 'image' })).statusCode).toBe(200);
    expect((await setImageLimit('10')).statusCode).toBe(200);
    expect((await put(student, 'big.png', png(8, 8, 20 * 1024), { category: 'image' })).statusCode).toBe(200);
  });

  it('401 without a token, 400 without a file, with another field, an empty file or an unknown category', async () => {
    const form = await multipart('a.png', png());
    expect((await t.app.inject({ method: 'POST', url: PUT, ...form })).statusCode).toBe(401);
    const noFile = await t.as(student, { method: 'POST', url: PUT, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().msg).toBe('请选择要上传的文件');
    const other = await multipart('a.png', png(), 'image');
    expect((await t.as(student, { method: 'POST', url: PUT, ...other })).statusCode).toBe(400);
    expect((await put(student, 'empty.txt', Buffer.alloc(0))).json().msg).toBe('文件内容为空');
    expect((await put(student, 'a.png', png(), { category: 'exe' })).statusCode).toBe(400);
  });

  it('leaves nothing behind when the upload breaks off', async () => {
    const form = await multipart('a.pdf', pdf());
    const cut = form.payload.subarray(0, form.payload.length - 60);
    const res = await t.as(student, { method: 'POST', url: PUT, payload: cut, headers: form.headers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('serving /files (the other school keeps its files on the local disk)', () => {
  it('sends only safe kinds inline, never sniffed, with ranges', async () => {
    const pdfLink = (await put(otherSchool, 'a.pdf', pdf())).json().data.link as string;
    const txtLink = (await put(otherSchool, 'a.txt', Buffer.from('hello'))).json().data.link as string;
    const p = await t.app.inject({ method: 'GET', url: pdfLink });
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.headers['content-disposition']).toBe('inline');
    expect(p.headers['x-content-type-options']).toBe('nosniff');
    const txt = await t.app.inject({ method: 'GET', url: txtLink });
    expect(txt.headers['content-disposition']).toBe('attachment');
    expect(txt.headers['content-security-policy']).toContain("default-src 'none'");
    const part = await t.app.inject({ method: 'GET', url: pdfLink, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
  });

  it('answers 404 for anything that is not a stored file', async () => {
    for (const url of [
      '/files/../../etc/passwd',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/450001/20240101/doesnotexistdoesnotexist.png',
      '/files/.tmp/x',
      '/files/450001',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('remove-file', () => {
  const remove = (token: string, fileName: string) => t.as(token, { method: 'POST', url: REMOVE, query: { fileName } });

  it('lets the uploader remove their file, and the file is gone', async () => {
    const data = (await put(student, 'mine.png', png())).json().data;
    expect((await remove(student, data.name)).statusCode).toBe(200);
    expect((await fetchLink(data.link)).status).toBe(404);
    const [row] = await t.db.select().from(attach).where(eq(attach.id, data.attachId));
    expect(row!.isDeleted).toBe(1);
  });

  it("refuses someone else's file without attach_delete, and another school's file altogether", async () => {
    const data = (await put(schoolAdmin, 'admin.png', png())).json().data;
    expect((await remove(student, data.name)).statusCode).toBe(403);
    expect((await remove(otherSchool, data.name)).statusCode).toBe(404);
    expect((await fetchLink(data.link)).status).toBe(200);
    expect((await remove(schoolAdmin, data.name)).statusCode).toBe(200);
  });

  it('refuses a file a notice still shows, naming the notice', async () => {
    const data = (await put(schoolAdmin, 'poster.png', png())).json().data;
    await t.db.insert((await import('../../../db/schema/index.ts')).notice).values({
      id: '7700001',
      tenantId: '450001',
      title: '运动会海报',
      category: 1,
      releaseTime: new Date(),
      content: `<p><img src="${data.link}"></p>`,
    });
    const res = await remove(schoolAdmin, data.name);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('附件正在使用，不能删除：通知公告《运动会海报》');
    const [row] = await t.db
      .select()
      .from(attach)
      .where(and(eq(attach.id, data.attachId), eq(attach.isDeleted, 0)));
    expect(row).toBeDefined();
  });

  it('400 without a file name, 401 without a token', async () => {
    expect((await t.as(student, { method: 'POST', url: REMOVE })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${REMOVE}?fileName=x` })).statusCode).toBe(401);
  });
});

it('stored bytes on the local disk are exactly what was sent', async () => {
  const content = pdf('bytes check');
  const data = (await put(otherSchool, 'x.pdf', content)).json().data;
  expect(readFileSync(path.join(t.filesDir, ...data.name.split('/'))).equals(content)).toBe(true);
});
