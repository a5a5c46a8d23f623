import { randomUUID } from 'node:crypto';
import type { Captcha } from '@shixun/contracts';
import type { KvStore } from '../../core/kv/store.ts';
import { drawCaptcha, randomCaptchaText } from './captcha-image.ts';

/** Long enough to read and type, short enough that a stockpile of solved captchas goes stale. */
export const CAPTCHA_TTL_SECONDS = 180;
const keyOf = (key: string) => `captcha:${key}`;

export async function issueCaptcha(store: KvStore): Promise<Captcha> {
  const text = randomCaptchaText();
  const key = randomUUID();
  await store.set(keyOf(key), text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  return { key, image: `data:image/png;base64,${(await drawCaptcha(text)).toString('base64')}` };
}

/** Single use: the stored answer is removed by the first attempt, right or wrong. */
export async function checkCaptcha(
  store: KvStore,
  key: string | undefined,
  code: string | undefined,
): Promise<boolean> {
  if (!key || !code) return false;
  const expected = await store.take(keyOf(key.slice(0, 64)));
  return expected !== null && expected === code.trim().toLowerCase();
}
