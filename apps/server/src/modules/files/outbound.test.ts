import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3.ts';
import { type SmsProvider, startSmsProvider } from '../../test/sms-provider.ts';

/** A school's storage and SMS configs may not make the server call into its own network (core/net/outbound.ts). */
let t: TestApp;
let s3: LocalS3;
let provider: SmsProvider;
let platform: string;
let school: string;

beforeAll(async () => {
  t = await startTestApp();
  s3 = await startLocalS3();
  provider = await startSmsProvider();
  await createTenant(t.db, '480011');
  const role = await createRole(t.db, '480011', 'admin', ['oss_view', 'oss_add', 'oss_edit', 'sms_add', 'sms_send']);
  await createUser(t.db, { tenantId: '480011', account: 'admin', password: 'school-pw', roleIds: [role] });
  school = (await t.login('admin', 'school-pw', '480011')).access_token;
  platform = (await t.login('admin', 'admin')).access_token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await provider.close();
});

const ossConfig = (endpoint: string) => ({
  category: 1,
  ossCode: `minio-${Math.random().toString(36).slice(2, 8)}`,
  endpoint,
  accessKey: s3.accessKey,
  secretKey: s3.secretKey,
  bucketName: s3.bucket,
});
const smsConfig = () => ({
  category: 1,
  smsCode: `yp-${Math.random().toString(36).slice(2, 8)}`,
  templateId: 'SMS_1',
  secretKey: provider.secretKey,
  endpoint: provider.endpoint,
});
const submit = (token: string, what: 'oss' | 'sms', payload: object, headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `/api/blade-resource/${what}/submit`, payload, headers });
const testConnection = (token: string, id: string) =>
  t.as(token, { method: 'POST', url: '/api/blade-resource/oss/test', query: { id } });
const sendSms = (token: string, code: string) =>
  t.as(token, {
    method: 'POST',
    url: '/api/blade-resource/sms/endpoint/send-message',
    query: { code, phones: '13800001111', params: '{}' },
  });

async function setAllowList(value: string | null): Promise<void> {
  const list = await t.as(platform, {
    method: 'GET',
    url: '/api/blade-system/param/list',
    query: { paramKey: 'resource.endpointAllowList' },
  });
  const ids = (list.json().data.records as { id: string }[]).map((r) => r.id);
  if (ids.length) {
    await t.as(platform, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: ids.join(',') } });
  }
  if (value === null) return;
  const res = await t.as(platform, {
    method: 'POST',
    url: '/api/blade-system/param/submit',
    payload: { paramName: '学校可用的内网地址', paramKey: 'resource.endpointAllowList', paramValue: value },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('outside-service addresses', () => {
  it("refuses a school's internal endpoint when saved, naming the host in the caller's language", async () => {
    const zh = await submit(school, 'oss', ossConfig(s3.endpoint));
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe(
      '地址 127.0.0.1 指向内部网络，学校的配置不能使用；确需使用时，请平台管理员在参数 resource.endpointAllowList 中允许该主机',
    );
    const en = await submit(school, 'oss', ossConfig('http://localhost:9000'), { 'Accept-Language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toMatch(/^The address localhost points into an internal network/);
    expect((await submit(school, 'sms', smsConfig())).statusCode).toBe(400);
    expect((await submit(school, 'oss', ossConfig('http://169.254.169.254'))).statusCode).toBe(400);
  });

  it("trusts the platform's own configs", async () => {
    const saved = await submit(platform, 'oss', ossConfig(s3.endpoint));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await testConnection(platform, saved.json().data.id)).statusCode).toBe(200);
  });

  it('lets a school use a host the platform allows, and stops it at the next use once the host is taken off', async () => {
    await setAllowList('127.0.0.1');
    const oss = await submit(school, 'oss', ossConfig(s3.endpoint));
    expect(oss.statusCode, oss.body).toBe(200);
    const sms = await submit(school, 'sms', smsConfig());
    expect(sms.statusCode, sms.body).toBe(200);
    expect((await testConnection(school, oss.json().data.id)).statusCode).toBe(200);
    expect((await sendSms(school, sms.json().data.smsCode)).statusCode).toBe(200);

    await setAllowList(null);
    const tested = await testConnection(school, oss.json().data.id);
    expect(tested.statusCode).toBe(400);
    expect(tested.json().msg).toContain('127.0.0.1');
    const calls = provider.calls.length;
    const sent = await sendSms(school, sms.json().data.smsCode);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().msg).toContain('127.0.0.1');
    expect(provider.calls.length).toBe(calls);
  });
});
