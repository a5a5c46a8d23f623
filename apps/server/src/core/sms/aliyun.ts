import { createHmac, randomUUID } from 'node:crypto';
import { baseUrl, callProvider, type SmsDriver, SmsFailure } from './driver.ts';

/**
 * Percent-encoding of Alibaba Cloud's RPC signature: RFC 3986 unreserved characters stay, everything else is
 * %XY of its UTF-8 bytes (a space is %20, `*` is %2A, `~` stays).
 */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * RPC signature version 1.0: the parameters sorted by name and encoded into one canonical string, signed as
 * `METHOD&%2F&encode(canonical)` with HMAC-SHA1 under `secret + "&"`, base64.
 */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** 阿里云短信 (Dysmsapi 2017-05-25 SendSms), the RPC style with the parameters in a signed form body. */
export const aliyunSms: SmsDriver = {
  defaultEndpoint: 'https://dysmsapi.aliyuncs.com',
  requires: ['accessKey', 'signName'],
  async send(s, message) {
    const params: Record<string, string> = {
      AccessKeyId: s.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phones.join(','),
      RegionId: s.regionId || 'cn-hangzhou',
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: s.templateId,
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    if (Object.keys(message.params).length > 0) params.TemplateParam = JSON.stringify(message.params);
    const signature = aliyunSignature('POST', params, s.secretKey);
    const body = Object.entries({ ...params, Signature: signature })
      .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
      .join('&');
    const { status, json } = await callProvider(`${baseUrl(s, aliyunSms)}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    if (json?.Code !== 'OK') throw new SmsFailure(json?.Code ?? `HTTP${status}`);
  },
};
