import { createHash, createHmac } from 'node:crypto';
import { baseUrl, callProvider, type SmsDriver, SmsFailure } from './driver.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * TC3-HMAC-SHA256 for a JSON POST to `/`: a canonical request over the content-type and host headers and the
 * payload's hash, a string to sign scoped to `date/service/tc3_request`, and a key derived from `TC3` + secret
 * through the date, the service and `tc3_request`. Returns the Authorization header.
 */
export function tencentAuthorization(opts: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${opts.contentType}\nhost:${opts.host}\n`,
    signedHeaders,
    sha256Hex(opts.payload),
  ].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), opts.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

/** 腾讯云短信 (SMS API 2021-01-11 SendSms). Template variables are positional: the params' values in order. */
export const tencentSms: SmsDriver = {
  defaultEndpoint: 'https://sms.tencentcloudapi.com',
  requires: ['accessKey', 'appId', 'signName'],
  async send(s, message) {
    const url = baseUrl(s, tencentSms);
    const payload = JSON.stringify({
      PhoneNumberSet: message.phones.map((p) => `+86${p}`),
      SmsSdkAppId: s.appId,
      SignName: s.signName,
      TemplateId: s.templateId,
      TemplateParamSet: Object.values(message.params),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tencentAuthorization({
      secretId: s.accessKey,
      secretKey: s.secretKey,
      service: 'sms',
      host: new URL(url).host,
      contentType: CONTENT_TYPE,
      payload,
      timestamp,
    });
    const { status, json } = await callProvider(`${url}/`, {
      headers: {
        authorization,
        'content-type': CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': s.regionId || 'ap-guangzhou',
      },
      body: payload,
    });
    const response = json?.Response as { Error?: { Code?: string }; SendStatusSet?: { Code?: string }[] } | undefined;
    if (!response) throw new SmsFailure(`HTTP${status}`);
    if (response.Error) throw new SmsFailure(response.Error.Code);
    const failed = (response.SendStatusSet ?? []).find((r) => r.Code !== 'Ok');
    if (failed) throw new SmsFailure(failed.Code);
  },
};
