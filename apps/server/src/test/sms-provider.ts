import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a provider accepted, as the provider understood it. */
export interface ProviderCall {
  provider: 'aliyun' | 'tencent' | 'qiniu' | 'yunpian';
  phones: string[];
  /** The template's variables as the provider received them. */
  params: Record<string, string> | string[];
  templateId: string;
  signName?: string;
  appId?: string;
  region?: string;
}

export interface SmsProvider {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** Every accepted call, oldest first. */
  calls: ProviderCall[];
  close(): Promise<void>;
}

/*
 * The provider side of each API, written from the providers' documentation independently of the drivers: every
 * request's signature is recomputed from what arrived on the wire (method, path, headers, body) and compared; a
 * mismatch gets the provider's own refusal, so a wrong algorithm can never pass.
 */

const rfc3986 = (s: string) =>
  encodeURIComponent(s)
    .replaceAll('!', '%21')
    .replaceAll("'", '%27')
    .replaceAll('(', '%28')
    .replaceAll(')', '%29')
    .replaceAll('*', '%2A');

function aliyun(req: IncomingMessage, body: string, keys: Keys): [number, unknown, ProviderCall?] {
  const form = new Map<string, string>();
  for (const pair of body.split('&')) {
    const [k, v = ''] = pair.split('=');
    form.set(decodeURIComponent(k!), decodeURIComponent(v));
  }
  const sent = form.get('Signature');
  form.delete('Signature');
  const canonical = [...form.keys()]
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(form.get(k)!)}`)
    .join('&');
  const expected = createHmac('sha1', `${keys.secretKey}&`)
    .update(`${req.method}&%2F&${rfc3986(canonical)}`)
    .digest('base64');
  if (form.get('AccessKeyId') !== keys.accessKey) return [404, { Code: 'InvalidAccessKeyId.NotFound' }];
  if (sent !== expected) return [400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }];
  const shape =
    form.get('Action') === 'SendSms' &&
    form.get('Version') === '2017-05-25' &&
    form.get('SignatureMethod') === 'HMAC-SHA1' &&
    form.get('SignatureVersion') === '1.0' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(form.get('Timestamp') ?? '') &&
    (form.get('SignatureNonce') ?? '').length >= 16;
  if (!shape) return [400, { Code: 'MissingParameter' }];
  return [
    200,
    { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' },
    {
      provider: 'aliyun',
      phones: form.get('PhoneNumbers')!.split(','),
      params: JSON.parse(form.get('TemplateParam') ?? '{}'),
      templateId: form.get('TemplateCode')!,
      signName: form.get('SignName'),
      region: form.get('RegionId'),
    },
  ];
}

function tencent(req: IncomingMessage, body: string, keys: Keys): [number, unknown, ProviderCall?] {
  const fail = (code: string) =>
    [200, { Response: { Error: { Code: code, Message: code }, RequestId: 'r-1' } }] as [number, unknown];
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return fail('AuthFailure.InvalidAuthorization');
  const [, secretId, date, signedHeaders, signature] = auth;
  if (secretId !== keys.accessKey) return fail('AuthFailure.SecretIdNotFound');
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return fail('AuthFailure.SignatureExpire');
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return fail('AuthFailure.InvalidAuthorization');
  const headerLines = signedHeaders!
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
    .join('');
  const hex = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `${req.method}\n/\n\n${headerLines}\n${signedHeaders}\n${hex(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonical)}`;
  let key: Buffer = createHmac('sha256', `TC3${keys.secretKey}`).update(date!).digest();
  for (const part of ['sms', 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
  if (createHmac('sha256', key).update(toSign).digest('hex') !== signature) {
    return fail('AuthFailure.SignatureFailure');
  }
  if (!signedHeaders!.split(';').includes('host')) return fail('AuthFailure.InvalidAuthorization');
  if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
    return fail('InvalidAction');
  }
  const b = JSON.parse(body) as {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    SignName: string;
    TemplateId: string;
    TemplateParamSet: string[];
  };
  if (!b.PhoneNumberSet.every((p) => /^\+86\d{11}$/.test(p))) return fail('InvalidParameterValue.IncorrectPhoneNumber');
  return [
    200,
    {
      Response: {
        SendStatusSet: b.PhoneNumberSet.map((p) => ({ PhoneNumber: p, Code: 'Ok', Message: 'send success' })),
        RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
      },
    },
    {
      provider: 'tencent',
      phones: b.PhoneNumberSet.map((p) => p.slice(3)),
      params: b.TemplateParamSet,
      templateId: b.TemplateId,
      signName: b.SignName,
      appId: b.SmsSdkAppId,
      region: String(req.headers['x-tc-region'] ?? ''),
    },
  ];
}

function qiniu(req: IncomingMessage, body: string, keys: Keys): [number, unknown, ProviderCall?] {
  const token = /^Qiniu ([^:]+):(.+)$/.exec(req.headers.authorization ?? '');
  const contentType = req.headers['content-type'] ?? '';
  const signing = `${req.method} ${req.url}\nHost: ${req.headers.host}\nContent-Type: ${contentType}\n\n${body}`;
  const expected = createHmac('sha1', keys.secretKey)
    .update(signing)
    .digest('base64')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  if (!token || token[1] !== keys.accessKey || token[2] !== expected) return [401, { error: 'BadToken' }];
  const b = JSON.parse(body) as { template_id: string; mobiles: string[]; parameters: Record<string, string> };
  if (req.url !== '/v1/message' || !Array.isArray(b.mobiles)) return [400, { error: 'BadRequest' }];
  return [
    200,
    { job_id: 'qiniu-job-1' },
    { provider: 'qiniu', phones: b.mobiles, params: b.parameters, templateId: b.template_id },
  ];
}

function yunpian(req: IncomingMessage, body: string, keys: Keys): [number, unknown, ProviderCall?] {
  const form = new URLSearchParams(body);
  if (form.get('apikey') !== keys.secretKey) {
    return [401, { http_status_code: 401, code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' }];
  }
  const mobiles = (form.get('mobile') ?? '').split(',');
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(form.get('tpl_value') ?? '')) params[k.replace(/^#|#$/g, '')] = v;
  if (req.url !== '/v2/sms/tpl_batch_send.json' || !form.get('tpl_id'))
    return [400, { code: 2, msg: '请求参数格式错误' }];
  return [
    200,
    {
      total_count: mobiles.length,
      total_fee: '0.05',
      unit: 'RMB',
      data: mobiles.map((mobile) => ({ code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile, sid: 1 })),
    },
    { provider: 'yunpian', phones: mobiles, params, templateId: form.get('tpl_id')! },
  ];
}

interface Keys {
  accessKey: string;
  secretKey: string;
}

/** A local stand-in for all four providers on one loopback port; each is told apart by path and headers. */
export async function startSmsProvider(keys: Keys = { accessKey: 'test-access', secretKey: 'test-secret-key' }) {
  const calls: ProviderCall[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const handler = req.url?.startsWith('/v2/sms/')
      ? yunpian
      : req.url?.startsWith('/v1/')
        ? qiniu
        : req.headers['x-tc-action']
          ? tencent
          : aliyun;
    let answer: [number, unknown, ProviderCall?];
    try {
      answer = req.method === 'POST' ? handler(req, body, keys) : [405, { error: 'MethodNotAllowed' }];
    } catch {
      answer = [400, { error: 'MalformedRequest' }];
    }
    const [status, json, call] = answer;
    if (call) calls.push(call);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const provider: SmsProvider = {
    endpoint: `http://127.0.0.1:${port}`,
    ...keys,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return provider;
}
