import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { param, sms } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type SmsProvider, startSmsProvider } from '../../../test/sms-provider.ts';

const base = '/api/blade-resource/sms';
const CODES = ['sms_view', 'sms_add', 'sms_edit', 'sms_delete', 'sms_send'];

let t: TestApp;
let provider: SmsProvider;
let schoolAdmin: string;
let viewer: string;
let otherSchool: string;
/** A different phone per test, so the per-number limits of one test never touch another. */
let phoneSeq = 0;
const nextPhone = () => `1380000${String(1000 + ++phoneSeq).slice(-4)}`;

beforeAll(async () => {
  t = await startTestApp({ localEndpoints: true });
  provider = await startSmsProvider();
  for (const tenantId of ['480001', '480002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', CODES);
    await createUser(t.db, { tenantId, account: 'admin', password: 'school-pw', roleIds: [role] });
  }
  const view = await createRole(t.db, '480001', 'viewer', ['sms_view', 'sms_edit']);
  await createUser(t.db, { tenantId: '480001', account: 'viewer', password: 'viewer-pw', roleIds: [view] });
  schoolAdmin = (await t.login('admin', 'school-pw', '480001')).access_token;
  otherSchool = (await t.login('admin', 'school-pw', '480002')).access_token;
  viewer = (await t.login('viewer', 'viewer-pw', '480001')).access_token;
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(() => t.store.close());

const CATEGORY = { yunpian: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

async function addConfig(token: string, category: keyof typeof CATEGORY, extra: object = {}) {
  const res = await t.as(token, {
    method: 'POST',
    url: `${base}/submit`,
    payload: {
      category: CATEGORY[category],
      smsCode: `${category}-${Math.random().toString(36).slice(2, 8)}`,
      templateId: 'SMS_154950909',
      accessKey: provider.accessKey,
      secretKey: provider.secretKey,
      signName: '实训学校',
      appId: '1400006666',
      endpoint: provider.endpoint,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; smsCode: string; enabled: number };
}

const send = (token: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.as(token, { method: 'POST', url: `${base}/endpoint/send-message`, query, headers });

describe('send-message', () => {
  it.each(Object.keys(CATEGORY) as (keyof typeof CATEGORY)[])(
    'sends through %s, signed as that provider checks it',
    async (category) => {
      const config = await addConfig(schoolAdmin, category);
      const phones = [nextPhone(), nextPhone()];
      const res = await send(schoolAdmin, {
        code: config.smsCode,
        phones: phones.join(','),
        params: JSON.stringify({ code: '6 8 2 4', minutes: 5 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, msg: '操作成功' });
      expect(provider.calls.at(-1)).toMatchObject({ provider: category, phones, templateId: 'SMS_154950909' });
      expect(provider.calls.at(-1)!.params).toEqual(
        category === 'tencent' ? ['6 8 2 4', '5'] : { code: '6 8 2 4', minutes: '5' },
      );
    },
  );

  it('a provider’s refusal is a 400 naming its code, never the secret', async () => {
    const config = await addConfig(schoolAdmin, 'aliyun', { secretKey: 'not-the-provider-secret' });
    const res = await send(schoolAdmin, { code: config.smsCode, phones: nextPhone() });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('短信发送失败：SignatureDoesNotMatch');
    expect(res.body).not.toContain('not-the-provider-secret');
    const down = await addConfig(schoolAdmin, 'tencent', { endpoint: 'http://127.0.0.1:1' });
    const unreachable = await send(
      schoolAdmin,
      { code: down.smsCode, phones: nextPhone() },
      { 'accept-language': 'en' },
    );
    expect(unreachable.json().msg).toMatch(/^The message could not be sent: /);
  });

  it('accepts the fields as a JSON body too', async () => {
    const config = await addConfig(schoolAdmin, 'yunpian');
    const phone = nextPhone();
    const res = await t.as(schoolAdmin, {
      method: 'POST',
      url: `${base}/endpoint/send-message`,
      payload: { code: config.smsCode, phones: phone, params: '{"code":"1234"}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(provider.calls.at(-1)).toMatchObject({ phones: [phone], params: { code: '1234' } });
  });

  it('400 on bad phones, params or code; a disabled or incomplete config is refused', async () => {
    const config = await addConfig(schoolAdmin, 'aliyun');
    const calls = provider.calls.length;
    expect((await send(schoolAdmin, { code: config.smsCode, phones: '' })).json().msg).toBe('请输入手机号码');
    expect((await send(schoolAdmin, { code: config.smsCode, phones: '1380013800' })).json().msg).toBe(
      '手机号码长度不为11位',
    );
    expect((await send(schoolAdmin, { code: config.smsCode, phones: '23800138000' })).json().msg).toBe(
      '手机号码格式不正确',
    );
    const many = Array.from({ length: 101 }, (_, i) => `1390000${String(i).padStart(4, '0')}`).join(',');
    expect((await send(schoolAdmin, { code: config.smsCode, phones: many })).json().msg).toBe(
      '一次最多发送 100 个手机号码',
    );
    expect((await send(schoolAdmin, { code: config.smsCode, phones: nextPhone(), params: '[1]' })).json().msg).toBe(
      '短信参数须是 JSON 对象，例如 {"code":"1234"}',
    );
    expect((await send(schoolAdmin, { code: 'no-such', phones: nextPhone() })).json().msg).toBe(
      '短信配置不存在或已停用',
    );
    await t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload: { id: config.id, status: 0 } });
    expect((await send(schoolAdmin, { code: config.smsCode, phones: nextPhone() })).statusCode).toBe(400);
    const tencent = await addConfig(schoolAdmin, 'tencent', { appId: '' });
    expect((await send(schoolAdmin, { code: tencent.smsCode, phones: nextPhone() })).json().msg).toBe(
      '短信配置不完整：appId',
    );
    expect(provider.calls).toHaveLength(calls);
  });

  it('401 without a token, 403 without sms_send, and another school’s code is unknown', async () => {
    const config = await addConfig(schoolAdmin, 'qiniu');
    const query = { code: config.smsCode, phones: nextPhone() };
    expect((await t.app.inject({ method: 'POST', url: `${base}/endpoint/send-message`, query })).statusCode).toBe(401);
    expect((await send(viewer, query)).statusCode).toBe(403);
    const foreign = await send(otherSchool, query);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('短信配置不存在或已停用');
  });

  it('limits each number: one a minute and ten a day by default, tunable in 参数管理', async () => {
    const config = await addConfig(schoolAdmin, 'yunpian');
    const phone = nextPhone();
    expect((await send(schoolAdmin, { code: config.smsCode, phones: phone })).statusCode).toBe(200);
    const again = await send(schoolAdmin, { code: config.smsCode, phones: `${nextPhone()},${phone}` });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe(`发送过于频繁，请稍后再试：${phone}`);
    // The limit belongs to the number, whichever school sends.
    const other = await addConfig(otherSchool, 'yunpian');
    expect((await send(otherSchool, { code: other.smsCode, phones: phone })).statusCode).toBe(429);

    await t.db.update(param).set({ paramValue: '100' }).where(eq(param.paramKey, 'sms.phonePerMinute'));
    await t.db.update(param).set({ paramValue: '3' }).where(eq(param.paramKey, 'sms.phonePerDay'));
    const daily = nextPhone();
    for (let i = 0; i < 3; i++) {
      expect((await send(schoolAdmin, { code: config.smsCode, phones: daily })).statusCode).toBe(200);
    }
    expect((await send(schoolAdmin, { code: config.smsCode, phones: daily })).statusCode).toBe(429);
    await t.db.update(param).set({ paramValue: '1' }).where(eq(param.paramKey, 'sms.phonePerMinute'));
    await t.db.update(param).set({ paramValue: '10' }).where(eq(param.paramKey, 'sms.phonePerDay'));
  });
});

describe('configs', () => {
  it('seal the secret key and never send it back; an edit without one keeps it', async () => {
    const created = await addConfig(schoolAdmin, 'tencent', { secretKey: 'tencent-secret-9f' });
    const [row] = await t.db.select().from(sms).where(eq(sms.id, created.id));
    expect(row!.secretKeyEnc).toMatch(/^v1:/);
    expect(t.secrets.open('sms.secretKey', row!.secretKeyEnc)).toBe('tencent-secret-9f');
    expect(() => t.secrets.open('oss.secretKey', row!.secretKeyEnc)).toThrow();
    const detail = await t.as(schoolAdmin, { method: 'GET', url: `${base}/detail`, query: { id: created.id } });
    expect(secretKeys(detail.json())).toEqual([]);
    expect(detail.body).not.toContain('tencent-secret-9f');
    expect(detail.body).not.toContain(row!.secretKeyEnc);
    await t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload: { id: created.id, remark: '教务处' } });
    const [kept] = await t.db.select().from(sms).where(eq(sms.id, created.id));
    expect(t.secrets.open('sms.secretKey', kept!.secretKeyEnc)).toBe('tencent-secret-9f');
  });

  it('enable makes exactly one the school’s; the enabled one cannot be removed until disabled', async () => {
    const first = await addConfig(otherSchool, 'aliyun');
    const second = await addConfig(otherSchool, 'tencent');
    const enable = (token: string, id: string) => t.as(token, { method: 'POST', url: `${base}/enable`, query: { id } });
    const enabled = async (id: string) =>
      (await t.as(otherSchool, { method: 'GET', url: `${base}/detail`, query: { id } })).json().data.enabled;
    expect((await enable(otherSchool, first.id)).statusCode).toBe(200);
    expect((await enable(otherSchool, second.id)).statusCode).toBe(200);
    expect([await enabled(first.id), await enabled(second.id)]).toEqual([0, 1]);
    const remove = () => t.as(otherSchool, { method: 'POST', url: `${base}/remove`, query: { ids: second.id } });
    expect((await remove()).json().msg).toBe('正在使用的短信配置不能删除，请先停用或启用其他配置');
    await t.as(otherSchool, { method: 'POST', url: `${base}/submit`, payload: { id: second.id, status: 0 } });
    expect(await enabled(second.id)).toBe(0);
    expect((await enable(otherSchool, second.id)).json().msg).toBe('已停用的配置不能启用');
    expect((await remove()).statusCode).toBe(200);
    // 401, 403 without sms_edit, 400 on a bad id, 404 for another school's config.
    expect((await t.app.inject({ method: 'POST', url: `${base}/enable?id=${first.id}` })).statusCode).toBe(401);
    const noEdit = await createRole(t.db, '480002', 'reader', ['sms_view']);
    await createUser(t.db, { tenantId: '480002', account: 'reader', password: 'reader-pw', roleIds: [noEdit] });
    const reader = (await t.login('reader', 'reader-pw', '480002')).access_token;
    expect((await enable(reader, first.id)).statusCode).toBe(403);
    expect((await enable(otherSchool, 'x')).statusCode).toBe(400);
    expect((await enable(schoolAdmin, first.id)).statusCode).toBe(404);
  });

  it('name each bad field in the caller’s language', async () => {
    const submit = (payload: object, lang = 'zh') =>
      t.as(schoolAdmin, { method: 'POST', url: `${base}/submit`, payload, headers: { 'accept-language': lang } });
    const valid = { category: 1, smsCode: 'yp-1', templateId: '123', secretKey: 'k' };
    expect((await submit({ ...valid, category: 9 })).json().msg).toBe('请选择短信服务商');
    expect((await submit({ ...valid, templateId: '' }, 'en')).json().msg).toBe('Please enter the template id');
    expect((await submit({ ...valid, endpoint: 'file:///etc/passwd' })).json().msg).toBe(
      '接口地址须是 http:// 或 https:// 开头的网址',
    );
    expect((await submit(valid)).statusCode).toBe(200);
    expect((await submit(valid)).json().msg).toBe('资源编号已存在');
  });
});
