import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oss } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { multipart, png } from '../../../test/sample-files.ts';

const base = '/api/blade-resource/oss';
const CODES = ['oss_view', 'oss_add', 'oss_edit', 'oss_delete', 'attach_view'];

let t: TestApp;
let s3: LocalS3;
let schoolAdmin: string;
let viewer: string;
let otherSchool: string;

beforeAll(async () => {
  t = await startTestApp({ localEndpoints: true });
  s3 = await startLocalS3();
  for (const tenantId of ['460001', '460002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', CODES);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const view = await createRole(t.db, '460001', 'viewer', ['oss_view']);
  await createUser(t.db, { tenantId: '460001', account: 'viewer', password: 'viewer-pw', roleIds: [view] });
  schoolAdmin = (await t.login('admin', 'school-pw', '460001')).access_token;
  otherSchool = (await t.login('admin', 'school-pw', '460002')).access_token;
  viewer = (await t.login('viewer', 'viewer-pw', '460001')).access_token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const call = (token: string, path: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `${base}/${path}`, query });
const detail = (token: string, id: string) => t.as(token, { method: 'GET', url: `${base}/detail`, query: { id } });

async function addConfig(token = schoolAdmin, extra: object = {}) {
  const res = await t.as(token, {
    method: 'POST',
    url: `${base}/submit`,
    payload: {
      category: 1,
      ossCode: `minio-${Math.random().toString(36).slice(2, 8)}`,
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucketName: s3.bucket,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; enabled: number };
}

async function upload(token: string) {
  const form = await multipart('a.png', png());
  const res = await t.as(token, { method: 'POST', url: `${base}/endpoint/put-file`, ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { link: string; attachId: string };
}

describe('secret keys', () => {
  it('are sealed with AES-256-GCM in the database and never sent back', async () => {
    const created = await addConfig(schoolAdmin, { secretKey: 'very-secret-key-123' });
    const [row] = await t.db.select().from(oss).where(eq(oss.id, created.id));
    expect(row!.secretKeyEnc).toMatch(/^v1:/);
    expect(row!.secretKeyEnc).not.toContain('very-secret-key-123');
    expect(t.secrets.open('oss.secretKey', row!.secretKeyEnc)).toBe('very-secret-key-123');
    const shown = await detail(schoolAdmin, created.id);
    expect(secretKeys(shown.json())).toEqual([]);
    expect(shown.body).not.toContain('very-secret-key');
    expect(shown.body).not.toContain(row!.secretKeyEnc);
    const list = await t.as(schoolAdmin, { method: 'GET', url: `${base}/list` });
    expect(list.body).not.toContain('very-secret-key');
  });

  it('an edit without a secret key keeps the stored one; with one, replaces it', async () => {
    const created = await addConfig(schoolAdmin, { secretKey: 'first-secret' });
    const edit = (payload: object) =>
      t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload: { id: created.id, ...payload } });
    expect((await edit({ remark: '实验楼' })).statusCode).toBe(200);
    const [kept] = await t.db.select().from(oss).where(eq(oss.id, created.id));
    expect(t.secrets.open('oss.secretKey', kept!.secretKeyEnc)).toBe('first-secret');
    expect((await edit({ secretKey: 'second-secret' })).statusCode).toBe(200);
    const [changed] = await t.db.select().from(oss).where(eq(oss.id, created.id));
    expect(t.secrets.open('oss.secretKey', changed!.secretKeyEnc)).toBe('second-secret');
    expect((await edit({ secretKey: '' })).json().msg).toBe('请输入 SecretKey');
  });

  it('a sealed value does not open for another purpose or with another key', async () => {
    const sealed = t.secrets.seal('oss.secretKey', 'abc');
    expect(() => t.secrets.open('sms.secretKey', sealed)).toThrow();
    const { SecretBox } = await import('../../../core/secrets/secret-box.ts');
    expect(() => SecretBox.fromKey('another key of at least thirty-two bytes').open('oss.secretKey', sealed)).toThrow();
  });
});

describe('enable', () => {
  it('makes exactly one config the tenant’s storage; uploads follow it, earlier files stay reachable', async () => {
    const localFile = await upload(otherSchool);
    expect(localFile.link.startsWith('/files/')).toBe(true);
    const first = await addConfig(otherSchool);
    const second = await addConfig(otherSchool, { bucketName: 'missing-bucket' });
    expect((await call(otherSchool, 'enable', { id: first.id })).statusCode).toBe(200);
    const s3File = await upload(otherSchool);
    expect(s3File.link.startsWith(`${s3.endpoint}/${s3.bucket}/460002/`)).toBe(true);
    expect((await call(otherSchool, 'enable', { id: second.id })).statusCode).toBe(200);
    expect((await detail(otherSchool, first.id)).json().data.enabled).toBe(0);
    expect((await detail(otherSchool, second.id)).json().data.enabled).toBe(1);
    // Both earlier files are still served by the storage that holds them.
    for (const f of [localFile, s3File]) {
      const res = await t.as(otherSchool, {
        method: 'GET',
        url: '/api/blade-resource/attach/download',
        query: { id: f.attachId },
      });
      expect(res.statusCode, f.link).toBe(200);
      expect(res.rawPayload.equals(png())).toBe(true);
    }
    // The enabled config cannot be removed; a disabled one cannot be enabled and stops being the storage.
    const removeEnabled = await t.as(otherSchool, { method: 'POST', url: `${base}/remove`, query: { ids: second.id } });
    expect(removeEnabled.json().msg).toBe('正在使用的存储配置不能删除，请先启用其他配置');
    await t.as(otherSchool, { method: 'POST', url: `${base}/submit`, payload: { id: second.id, status: 0 } });
    expect((await detail(otherSchool, second.id)).json().data.enabled).toBe(0);
    expect((await upload(otherSchool)).link.startsWith('/files/')).toBe(true);
    expect((await call(otherSchool, 'enable', { id: second.id })).json().msg).toBe('已停用的配置不能启用');
  });

  it('401, 403 without oss_edit, 400 on a bad id, 404 for another tenant’s config', async () => {
    const mine = await addConfig(schoolAdmin);
    expect((await t.app.inject({ method: 'POST', url: `${base}/enable?id=${mine.id}` })).statusCode).toBe(401);
    expect((await call(viewer, 'enable', { id: mine.id })).statusCode).toBe(403);
    expect((await call(schoolAdmin, 'enable', { id: 'x' })).statusCode).toBe(400);
    expect((await call(otherSchool, 'enable', { id: mine.id })).statusCode).toBe(404);
    expect((await detail(schoolAdmin, mine.id)).json().data.enabled).toBe(0);
  });
});

describe('test connection', () => {
  it('puts and removes a small object, or says why not without leaking the secret', async () => {
    const good = await addConfig(schoolAdmin);
    const res = await call(schoolAdmin, 'test', { id: good.id });
    expect(res.statusCode, res.body).toBe(200);
    const missing = await addConfig(schoolAdmin, { bucketName: 'no-such-bucket', secretKey: 'sekret-value-9' });
    const bad = await call(schoolAdmin, 'test', { id: missing.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('连接失败：NoSuchBucket');
    expect(bad.body).not.toContain('sekret-value-9');
    const down = await addConfig(schoolAdmin, { endpoint: 'http://127.0.0.1:9' });
    const refused = await call(schoolAdmin, 'test', { id: down.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/^连接失败：/);
  });

  it('401, 403 without oss_edit, 400 on a bad id, 404 for another tenant’s config', async () => {
    const mine = await addConfig(schoolAdmin);
    expect((await t.app.inject({ method: 'POST', url: `${base}/test?id=${mine.id}` })).statusCode).toBe(401);
    expect((await call(viewer, 'test', { id: mine.id })).statusCode).toBe(403);
    expect((await call(schoolAdmin, 'test')).statusCode).toBe(400);
    expect((await call(otherSchool, 'test', { id: mine.id })).statusCode).toBe(404);
  });
});

describe('the form', () => {
  it('names each bad field in the caller’s language', async () => {
    const submit = (payload: object, lang = 'zh') =>
      t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload, headers: { 'accept-language': lang } });
    const valid = {
      category: 1,
      ossCode: 'x1',
      endpoint: 'http://minio.local:9000',
      accessKey: 'a',
      secretKey: 's',
      bucketName: 'bucket',
    };
    expect((await submit({ ...valid, endpoint: 'file:///etc/passwd' })).json().msg).toBe(
      '资源地址须是 http:// 或 https:// 开头的网址',
    );
    expect((await submit({ ...valid, bucketName: 'Bad_Bucket' }, 'en')).json().msg).toBe(
      'The bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens',
    );
    expect((await submit({ ...valid, category: 8 })).json().msg).toBe('请选择存储类型');
    expect((await submit({ ...valid, domain: 'javascript:alert(1)' })).json().msg).toBe(
      '自定义域名须是 http:// 或 https:// 开头的网址',
    );
    expect((await submit(valid)).statusCode).toBe(200);
    expect((await submit(valid)).json().msg).toBe('资源编号已存在');
  });
});
