import type { PasswordReset, userGrantSchema } from '@shixun/contracts';
import { and, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { user } from '../../db/schema/index.ts';
import { resetPasswords } from './user.reset.ts';
import { userResource } from './user.resource.ts';
import { assertAssignableRoles, assertMayActOn, assertTeachingRolesKept, replaceUserRoles } from './user.roles.ts';

/** Users the caller may see (tenant and data scope) with these ids; 404 unless all of them are there. */
async function visibleUsers(db: Db, p: Principal, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(and(await accessScope(db, userResource, p), inArray(user.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** Gives users exactly these roles: users the caller may act on, roles the caller could hold themselves. */
export async function grantUserRoles(
  db: Db,
  p: Principal,
  { userIds, roleIds }: z.infer<typeof userGrantSchema>,
): Promise<void> {
  await visibleUsers(db, p, userIds);
  await assertMayActOn(db, p, userIds);
  await assertTeachingRolesKept(db, p, userIds, roleIds);
  await assertAssignableRoles(db, p, roleIds);
  await db.transaction((tx) => replaceUserRoles(tx, userIds, roleIds));
}

/** New passwords for users the caller may act on (user.reset.ts). */
export async function resetUserPasswords(db: Db, p: Principal, userIds: string[]): Promise<PasswordReset[]> {
  const rows = await visibleUsers(db, p, userIds);
  await assertMayActOn(db, p, userIds);
  return resetPasswords(db, rows);
}
