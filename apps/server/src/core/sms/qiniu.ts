import { createHmac } from 'node:crypto';
import { baseUrl, callProvider, type SmsDriver, SmsFailure } from './driver.ts';

/**
 * Qiniu's request token (`Qiniu <AccessKey>:<sign>`): `METHOD path[?query]`, then `Host: …`, `Content-Type: …`,
 * a blank line and the body (a JSON body is signed), HMAC-SHA1 under the secret key, URL-safe base64.
 */
export function qiniuAuthorization(opts: {
  accessKey: string;
  secretKey: string;
  method: string;
  url: string;
  contentType: string;
  body: string;
}): string {
  const url = new URL(opts.url);
  const data = `${opts.method} ${url.pathname}${url.search}\nHost: ${url.host}\nContent-Type: ${opts.contentType}\n\n${opts.body}`;
  const sign = createHmac('sha1', opts.secretKey).update(data, 'utf8').digest('base64url');
  // base64url drops the padding; Qiniu's URL-safe base64 keeps it.
  return `Qiniu ${opts.accessKey}:${sign}${'='.repeat((4 - (sign.length % 4)) % 4)}`;
}

/** 七牛云短信 (POST /v1/message). A config's 签名 holds Qiniu's signature id, when the template has none bound. */
export const qiniuSms: SmsDriver = {
  defaultEndpoint: 'https://sms.qiniuapi.com',
  requires: ['accessKey'],
  async send(s, message) {
    const url = `${baseUrl(s, qiniuSms)}/v1/message`;
    const body = JSON.stringify({
      template_id: s.templateId,
      mobiles: message.phones,
      parameters: message.params,
      ...(s.signName ? { signature_id: s.signName } : {}),
    });
    const contentType = 'application/json';
    const authorization = qiniuAuthorization({
      accessKey: s.accessKey,
      secretKey: s.secretKey,
      method: 'POST',
      url,
      contentType,
      body,
    });
    const { status, json } = await callProvider(url, { headers: { authorization, 'content-type': contentType }, body });
    if (status !== 200 || typeof json?.job_id !== 'string') throw new SmsFailure(json?.error ?? `HTTP${status}`);
  },
};
