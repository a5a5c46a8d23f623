import { baseUrl, callProvider, type SmsDriver, SmsFailure } from './driver.ts';

/** A template's variables as Yunpian takes them: `#name#=value` pairs, each side URL-encoded, joined by `&`. */
export function yunpianTplValue(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * 云片 (v2 tpl_batch_send): a form post authenticated by the account's API key alone, kept in the config's
 * SecretKey (sealed like every other secret). Every number's own answer must be a success.
 */
export const yunpianSms: SmsDriver = {
  defaultEndpoint: 'https://sms.yunpian.com',
  requires: [],
  async send(s, message) {
    const body = new URLSearchParams({
      apikey: s.secretKey,
      mobile: message.phones.join(','),
      tpl_id: s.templateId,
      tpl_value: yunpianTplValue(message.params),
    }).toString();
    const { status, json } = await callProvider(`${baseUrl(s, yunpianSms)}/v2/sms/tpl_batch_send.json`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body,
    });
    if (status !== 200 || !json) throw new SmsFailure(json?.code ?? `HTTP${status}`);
    const failed = ((json.data as { code?: number }[] | undefined) ?? [{ code: -1 }]).find((r) => r.code !== 0);
    if (failed) throw new SmsFailure(failed.code);
  },
};
