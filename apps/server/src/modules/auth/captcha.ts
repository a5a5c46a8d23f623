import { randomUUID } from 'node:crypto';
import type { Captcha } from '@shixun/contracts';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../../core/kv/store.ts';

const TTL_SECONDS = 300;
const keyOf = (key: string) => `captcha:${key}`;

export async function issueCaptcha(store: KvStore): Promise<Captcha> {
  const { text, data } = svgCaptcha.create({
    size: 5,
    noise: 2,
    ignoreChars: '0oO1lIi',
    color: true,
    width: 130,
    height: 48,
  });
  const key = randomUUID();
  await store.set(keyOf(key), text.toLowerCase(), TTL_SECONDS);
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
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
