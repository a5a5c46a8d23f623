import { SMS_LIMITS } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { AppError, badRequest } from '../../../core/http/errors.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import { assertReachable, outboundPolicy } from '../../../core/net/outbound.ts';
import type { SecretBox } from '../../../core/secrets/secret-box.ts';
import { paramValue } from '../../../core/settings/params.ts';
import { baseUrl, SmsFailure, type SmsMessage, smsDrivers } from '../../../core/sms/index.ts';
import { sms } from '../../../db/schema/index.ts';
import { SMS_SECRET } from './sms.resource.ts';

/** A limit from its parameter; a missing or mistyped value is the default. */
async function limitOf(db: Db, limit: (typeof SMS_LIMITS)[keyof typeof SMS_LIMITS]): Promise<number> {
  const n = Number.parseInt((await paramValue(db, limit.key)) ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : limit.fallback;
}

/**
 * Counts one message for each phone in every window (per minute, per day) and refuses (429, naming the number)
 * once one is over. Counted per number across tenants: what is protected is the phone's owner, whoever sends.
 */
async function throttle(db: Db, store: KvStore, phones: string[]): Promise<void> {
  for (const limit of Object.values(SMS_LIMITS)) {
    const max = await limitOf(db, limit);
    for (const phone of phones) {
      if ((await store.incr(`sms:${limit.seconds}:${phone}`, limit.seconds)) > max) {
        throw new AppError(429, 'sms.throttled', { phone });
      }
    }
  }
}

/**
 * Sends a template message through the tenant's live, enabled-status config with this code: checks the config
 * has what its provider needs, throttles per phone, opens the sealed secret and hands over to the provider's
 * driver. A provider refusal is a 400 naming the provider's code.
 */
export async function sendMessage(
  deps: { db: Db; store: KvStore; secrets: SecretBox },
  tenantId: string,
  code: string,
  message: SmsMessage,
): Promise<void> {
  const { db } = deps;
  const [config] = await db
    .select()
    .from(sms)
    .where(and(eq(sms.tenantId, tenantId), eq(sms.smsCode, code), eq(sms.status, 1), eq(sms.isDeleted, 0)));
  const driver = config && smsDrivers[config.category];
  if (!config || !driver) throw badRequest('sms.smsCode.unknown');
  const missing = driver.requires.find((field) => !config[field]);
  if (missing) throw badRequest('sms.config.incomplete', { field: missing });
  const settings = { ...config, secretKey: deps.secrets.open(SMS_SECRET, config.secretKeyEnc) };
  await assertReachable(await outboundPolicy(db, tenantId), baseUrl(settings, driver));
  await throttle(db, deps.store, message.phones);
  try {
    await driver.send(settings, message);
  } catch (e) {
    if (e instanceof SmsFailure) throw badRequest('sms.send.failed', { reason: e.reason });
    throw e;
  }
}
