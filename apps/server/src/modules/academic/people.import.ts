import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { user, userRole } from '../../db/schema/index.ts';

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

/** A new account's person fields, as an import row gives them. */
export interface NewPerson {
  account: string;
  realName: string;
  sex?: number | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** Inserts the accounts (with the role) in the caller's tenant; returns their ids in order. */
export async function insertAccounts(
  tx: Db,
  p: Principal,
  roleId: string,
  people: NewPerson[],
  hashes: string[],
): Promise<string[]> {
  const now = new Date();
  const rows = people.map((x, i) => ({
    id: newId(),
    tenantId: p.tenantId,
    account: x.account,
    passwordHash: hashes[i]!,
    name: x.realName,
    realName: x.realName,
    sex: x.sex ?? 0,
    phone: x.phone ?? '',
    email: x.email ?? '',
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(user).values(rows.slice(i, i + 500));
  const links = rows.map((r) => ({ userId: r.id, roleId }));
  for (let i = 0; i < links.length; i += 1000) await tx.insert(userRole).values(links.slice(i, i + 1000));
  return rows.map((r) => r.id);
}
