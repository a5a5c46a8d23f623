import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSoffice } from '../../../core/files/office-pdf.ts';
import { attach, param } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { docx, headers, mp3, multipart, pdf, png, pptx, wav, xlsx } from '../../../test/sample-files.ts';

const api = '/api/blade-resource/oss/endpoint';
const soffice = findSoffice();

/** One app per converter situation: none (browser rendering) and, where installed, LibreOffice. */
let plain: TestApp;
let teacher: string;
let otherSchool: string;

async function signIn(t: TestApp) {
  for (const tenantId of ['490001', '490002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'teacher', ['oss_view', 'oss_add', 'oss_edit']);
    await createUser(t.db, { tenantId, account: 'teacher', password: 'teacher-pw', roleIds: [role] });
  }
  return [
    (await t.login('teacher', 'teacher-pw', '490001')).access_token,
    (await t.login('teacher', 'teacher-pw', '490002')).access_token,
  ] as const;
}

beforeAll(async () => {
  plain = await startTestApp({ soffice: null, localEndpoints: true });
  [teacher, otherSchool] = await signIn(plain);
});
afterAll(() => plain.close());

async function upload(t: TestApp, token: string, name: string, content: Buffer) {
  const form = await multipart(name, content);
  const res = await t.as(token, { method: 'POST', url: `${api}/put-file`, ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { link: string; name: string; attachId: string };
}
const preview = (t: TestApp, token: string, link?: string, lang = 'zh') =>
  t.as(token, {
    method: 'GET',
    url: `${api}/preview`,
    query: link === undefined ? {} : { link },
    headers: { 'accept-language': lang },
  });
const fetchFile = (t: TestApp, token: string, source: string) => t.as(token, { method: 'GET', url: source });

describe('preview: each kind gets its viewer', () => {
  it.each([
    ['讲义.pdf', 'pdf', pdf(), 'api'],
    ['电路图.png', 'image', png(), 'link'],
    ['照片.jpg', 'image', headers.jpg(), 'link'],
    ['听力.mp3', 'audio', mp3(), 'link'],
    ['朗读.wav', 'audio', wav(), 'link'],
    ['实操.mp4', 'video', headers.mp4(), 'link'],
    ['说明.txt', 'text', Buffer.from('实训须知：按时到岗。\n'), 'api'],
  ] as const)('%s → %s', async (name, mode, content, via) => {
    const file = await upload(plain, teacher, name, content);
    const res = await preview(plain, teacher, file.link);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mode, name, size: content.length, converted: false });
    expect(data.source).toBe(via === 'link' ? file.link : `${api}/preview-file?link=${encodeURIComponent(file.link)}`);
    const bytes = await fetchFile(plain, teacher, data.source);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(content)).toBe(true);
    const download = await fetchFile(plain, teacher, data.download);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent(name));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without LibreOffice: docx and xlsx are drawn in the browser, pptx and WMA are downloaded', async () => {
    for (const [name, content, mode] of [
      ['实训报告.docx', docx(), 'docx'],
      ['成绩.xlsx', xlsx(), 'xlsx'],
      ['课件.pptx', pptx(), 'download'],
    ] as const) {
      const file = await upload(plain, teacher, name, content);
      const data = (await preview(plain, teacher, file.link)).json().data;
      expect(data, name).toMatchObject({ mode, converted: false });
      expect((await fetchFile(plain, teacher, data.source)).rawPayload.equals(content)).toBe(true);
    }
    const audio = await upload(plain, teacher, '听力.mp3', mp3());
    await plain.db.update(attach).set({ extension: 'wma' }).where(eq(attach.id, audio.attachId));
    expect((await preview(plain, teacher, audio.link)).json().data.mode).toBe('download');
  });

  it('a configured kkFileView-compatible service previews documents; pictures and PDFs stay ours', async () => {
    await plain.db.insert(param).values({
      id: '9600001',
      paramName: '外部预览服务',
      paramKey: 'preview.externalUrl',
      paramValue: 'https://kk.school.example/onlinePreview',
    });
    try {
      const doc = await upload(plain, teacher, '教案.docx', docx());
      const data = (await preview(plain, teacher, doc.link)).json().data;
      expect(data.mode).toBe('external');
      const url = new URL(data.source);
      expect(`${url.origin}${url.pathname}`).toBe('https://kk.school.example/onlinePreview');
      expect(Buffer.from(url.searchParams.get('url')!, 'base64').toString()).toBe(`http://localhost:80${doc.link}`);
      const picture = await upload(plain, teacher, 'a.png', png());
      expect((await preview(plain, teacher, picture.link)).json().data.mode).toBe('image');
    } finally {
      await plain.db.delete(param).where(eq(param.id, '9600001'));
    }
  });
});

describe('preview: only our own files, by a well-formed path', () => {
  it('no path is 文件路径有误 / Invalid file path', async () => {
    expect((await preview(plain, teacher)).json()).toMatchObject({ code: 400, msg: '文件路径有误' });
    expect((await preview(plain, teacher, '  ', 'en')).json()).toMatchObject({ code: 400, msg: 'Invalid file path' });
  });

  it('traversal, other schemes and malformed keys are 400; foreign or unknown files 404', async () => {
    for (const link of [
      '/files/../../etc/passwd',
      '/files/490001/20260101/../../../../etc/passwd',
      '/files/490001/20260101/a.pdf',
      'file:///etc/passwd',
      'http://127.0.0.1:8080/files/%2e%2e/%2e%2e/etc/passwd',
      'javascript:alert(1)',
      '/etc/passwd',
    ]) {
      const res = await preview(plain, teacher, link);
      expect(res.statusCode, link).toBe(400);
      expect(res.json().msg).toBe('文件路径有误');
      const bytes = await fetchFile(plain, teacher, `${api}/preview-file?link=${encodeURIComponent(link)}`);
      expect(bytes.statusCode, link).toBe(400);
    }
    expect((await preview(plain, teacher, 'https://evil.example/files/slides.pdf')).statusCode).toBe(404);
    const mine = await upload(plain, teacher, '讲义.pdf', pdf());
    expect((await preview(plain, otherSchool, mine.link)).statusCode).toBe(404);
    const source = `${api}/preview-file?link=${encodeURIComponent(mine.link)}`;
    expect((await fetchFile(plain, otherSchool, source)).statusCode).toBe(404);
  });

  it('401 without a session; a removed attachment is gone', async () => {
    const file = await upload(plain, teacher, '讲义.pdf', pdf());
    expect((await plain.app.inject({ method: 'GET', url: `${api}/preview?link=${file.link}` })).statusCode).toBe(401);
    const source = `${api}/preview-file?link=${encodeURIComponent(file.link)}`;
    expect((await plain.app.inject({ method: 'GET', url: source })).statusCode).toBe(401);
    await plain.db.update(attach).set({ isDeleted: 1 }).where(eq(attach.id, file.attachId));
    expect((await preview(plain, teacher, file.link)).statusCode).toBe(404);
  });
});

describe('preview from object storage', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());

  it('streams a PDF and a docx kept in the bucket through the API', async () => {
    const config = await plain.as(otherSchool, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: {
        category: 1,
        ossCode: 'minio-preview',
        endpoint: s3.endpoint,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucketName: s3.bucket,
      },
    });
    const id = config.json().data.id as string;
    await plain.as(otherSchool, { method: 'POST', url: '/api/blade-resource/oss/enable', query: { id } });
    for (const [name, content] of [
      ['讲义.pdf', pdf()],
      ['报告.docx', docx()],
    ] as const) {
      const file = await upload(plain, otherSchool, name, content);
      expect(file.link.startsWith(s3.endpoint)).toBe(true);
      const data = (await preview(plain, otherSchool, file.link)).json().data;
      expect((await fetchFile(plain, otherSchool, data.source)).rawPayload.equals(content)).toBe(true);
    }
  });
});

describe.skipIf(!soffice)(
  `with LibreOffice: Office documents become PDFs${soffice ? '' : ' (skipped: soffice is not installed)'}`,
  () => {
    let office: TestApp;
    let officeTeacher: string;
    beforeAll(async () => {
      office = await startTestApp({ localEndpoints: true });
      [officeTeacher] = await signIn(office);
    }, 60_000);
    afterAll(() => office?.close());

    it('docx, xlsx and pptx are converted once, cached, and the cache goes with the file', async () => {
      for (const [name, content] of [
        ['实训报告.docx', docx()],
        ['成绩.xlsx', xlsx()],
        ['课件.pptx', pptx()],
      ] as const) {
        const file = await upload(office, officeTeacher, name, content);
        const res = await preview(office, officeTeacher, file.link);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ mode: 'pdf', converted: true });
        expect(data.source).toBe(`${api}/preview-file?link=${encodeURIComponent(file.link)}&format=pdf`);
        const converted = await fetchFile(office, officeTeacher, data.source);
        expect(converted.headers['content-type']).toBe('application/pdf');
        expect(converted.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        // The original is still what `download` gives.
        expect((await fetchFile(office, officeTeacher, data.download)).rawPayload.equals(content)).toBe(true);

        const cached = path.join(office.filesDir, '_preview', `${file.name}.pdf`);
        const made = statSync(cached).mtimeMs;
        const started = Date.now();
        expect((await preview(office, officeTeacher, file.link)).json().data.mode).toBe('pdf');
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(statSync(cached).mtimeMs).toBe(made);

        const removed = await office.as(officeTeacher, {
          method: 'POST',
          url: `${api}/remove-file`,
          query: { fileName: file.name },
        });
        expect(removed.statusCode).toBe(200);
        expect(existsSync(cached)).toBe(false);
      }
    }, 120_000);

    it('a document LibreOffice cannot read is a clear refusal, not a hang', async () => {
      const broken = await upload(office, officeTeacher, '损坏.docx', docx());
      // Keep the stored kind, break the content: a zip whose document part is garbage.
      const stored = path.join(office.filesDir, ...broken.name.split('/'));
      const { writeFileSync } = await import('node:fs');
      writeFileSync(stored, Buffer.from('PK\u0003\u0004 this is not an office document'));
      const res = await preview(office, officeTeacher, broken.link);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('文档转换失败，请下载后查看');
    }, 60_000);
  },
);
