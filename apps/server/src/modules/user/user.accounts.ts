import { randomBytes } from 'node:crypto';
import { PARAM_KEYS } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { md5 } from '../../core/auth/md5.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paramValue } from '../../core/settings/params.ts';
import { tenant, user, userRole } from '../../db/schema/index.ts';

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

/** Accounts among these that are already taken in the tenant. */
export async function takenAccounts(db: Db, tenantId: string, accounts: string[]): Promise<Set<string>> {
  const wanted = [...new Set(accounts.filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ account: user.account })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), inArray(user.account, wanted)));
  return new Set(rows.map((r) => r.account));
}

/** A new account as an import (or a page that makes people) gives it, with the roles it holds. */
export interface NewAccount {
  account: string;
  realName: string;
  /** Defaults to the real name. */
  name?: string | undefined;
  sex?: number | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  birthday?: string | null | undefined;
  deptId?: string | null | undefined;
  postId?: string | null | undefined;
  status?: number | undefined;
  code?: string | undefined;
  roleIds: string[];
}

/**
 * Writes new accounts of the caller's tenant with their roles, in batches, inside the caller's transaction; `hashes`
 * are their password hashes in order (newPasswords). Returns the new ids in order.
 */
export async function insertAccounts(
  tx: Db,
  p: Principal,
  accounts: NewAccount[],
  hashes: string[],
): Promise<string[]> {
  const now = new Date();
  const rows = accounts.map((a, i): typeof user.$inferInsert => ({
    id: newId(),
    tenantId: p.tenantId,
    account: a.account,
    passwordHash: hashes[i]!,
    name: a.name || a.realName,
    realName: a.realName,
    sex: a.sex ?? 0,
    phone: a.phone ?? '',
    email: a.email ?? '',
    birthday: a.birthday ? new Date(a.birthday) : null,
    deptId: a.deptId ?? null,
    postId: a.postId ?? null,
    ...(a.status === undefined ? {} : { status: a.status }),
    ...(a.code === undefined ? {} : { code: a.code }),
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(user).values(rows.slice(i, i + 500));
  const links = rows.flatMap((r, i) => accounts[i]!.roleIds.map((roleId) => ({ userId: r.id!, roleId })));
  for (let i = 0; i < links.length; i += 1000) await tx.insert(userRole).values(links.slice(i, i + 1000));
  return rows.map((r) => r.id!);
}
