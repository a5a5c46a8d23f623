import { PARAM_KEYS } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { param } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';

export interface AuthSettings {
  failCount: number;
  /** Failed sign-ins one network address may make per window before it is turned away (429). */
  addressFailLimit: number;
  lockMinutes: number;
  captchaMode: boolean;
  tenantMode: boolean;
}

const int = (v: string | undefined, fallback: number, min: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

/** The parameters the sign-in settings are read from. */
export const AUTH_SETTING_KEYS = [
  PARAM_KEYS.failCount,
  PARAM_KEYS.lockMinutes,
  PARAM_KEYS.captchaMode,
  PARAM_KEYS.tenantMode,
  PARAM_KEYS.addressFailLimit,
];

/** Sign-in settings administrators tune in 参数管理; a missing or mistyped value falls back to the default. */
export async function authSettings(db: Db): Promise<AuthSettings> {
  const rows = await db
    .select({ key: param.paramKey, value: param.paramValue })
    .from(param)
    .where(and(inArray(param.paramKey, AUTH_SETTING_KEYS), eq(param.isDeleted, 0)));
  return authSettingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The sign-in settings from the values of their parameters, by key (read with other things by the sign-in). */
export function authSettingsOf(values: Record<string, string>): AuthSettings {
  const v = (key: string) => values[key]?.trim();
  return {
    failCount: int(v(PARAM_KEYS.failCount), 5, 1),
    addressFailLimit: int(v(PARAM_KEYS.addressFailLimit), 50, 1),
    lockMinutes: int(v(PARAM_KEYS.lockMinutes), 30, 1),
    captchaMode: v(PARAM_KEYS.captchaMode) === 'true',
    tenantMode: v(PARAM_KEYS.tenantMode) === 'true',
  };
}

/** One parameter's value, trimmed; undefined when it is not set. */
export async function paramValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: param.paramValue })
    .from(param)
    .where(and(eq(param.paramKey, key), eq(param.isDeleted, 0)));
  return row?.value.trim();
}
