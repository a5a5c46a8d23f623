import { randomBytes } from 'node:crypto';
import { PARAM_KEYS } from '@shixun/contracts';
import { and, count, eq } from 'drizzle-orm';
import { md5 } from '../../core/auth/md5.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paramValue } from '../../core/settings/params.ts';
import { tenant, user } from '../../db/schema/index.ts';

/*
 * What every page that makes accounts uses — 用户管理 and its import, and 学生管理 / 教师管理 (modules/academic) — so
 * that all of them keep to one quota and one rule for first passwords.
 */

/** The tenant's account quota (-1 = unlimited) leaves room for this many more accounts. */
export async function assertQuota(db: Db, tenantId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const [quota] = await db
    .select({ max: tenant.accountNumber })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
  if (!quota || quota.max < 0) return;
  const [used] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  if ((used?.n ?? 0) + adding > quota.max) throw badRequest('user.quota');
}

/** Hashes with at most two running at a time, leaving the rest of the thread pool to sign-ins. */
export async function hashAll(md5s: string[]): Promise<string[]> {
  const out: string[] = new Array(md5s.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < md5s.length; i = next++) out[i] = await hashPassword(md5s[i]!);
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/**
 * Passwords for new accounts: `account.initPassword` hashed once for all (fast), else a random one each, hashed
 * before any transaction opens and returned once.
 */
export async function newPasswords(db: Db, count: number) {
  const initial = await paramValue(db, PARAM_KEYS.initPassword);
  const plains = Array.from({ length: count }, () => initial || randomBytes(9).toString('base64url'));
  const hashes = initial
    ? new Array<string>(count).fill(count ? await hashPassword(md5(initial)) : '')
    : await hashAll(plains.map(md5));
  return { hashes, shown: initial ? [] : plains };
}
