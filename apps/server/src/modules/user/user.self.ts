import type { passwordChangeSchema, UserInfoForm } from '@shixun/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.ts';
import { loadRows } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { session, user } from '../../db/schema/index.ts';
import { userResource } from './user.resource.ts';

type UserRow = typeof user.$inferSelect;

/** The caller's row as the user page shows it (with what the resource loads beside it). */
async function loaded(db: Db, p: Principal, row: UserRow) {
  const [one] = await loadRows(userResource, [row], { db, principal: p, scope: eq(user.tenantId, p.tenantId) });
  return one!;
}

/** The caller's own record. */
export async function ownUser(db: Db, p: Principal) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, p.userId), eq(user.isDeleted, 0)));
  if (!row) throw notFound();
  return loaded(db, p, row);
}

/** Changes the caller's own password, given the old one; their other sessions end. */
export async function changeOwnPassword(
  db: Db,
  p: Principal,
  change: z.infer<typeof passwordChangeSchema>,
): Promise<void> {
  const [row] = await db.select({ hash: user.passwordHash }).from(user).where(eq(user.id, p.userId));
  if (!row || !(await verifyPassword(row.hash, change.oldPassword))) throw badRequest('user.password.wrongOld');
  await db
    .update(user)
    .set({ passwordHash: await hashPassword(change.newPassword) })
    .where(eq(user.id, p.userId));
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.userId, p.userId), ne(session.id, p.sessionId)));
}

/** Updates the caller's own profile with exactly the profile fields. */
export async function updateOwnInfo(db: Db, p: Principal, values: UserInfoForm) {
  const [saved] = await db
    .update(user)
    .set({
      ...values,
      birthday: values.birthday ? new Date(values.birthday) : values.birthday === null ? null : undefined,
      updateUser: p.userId,
      updateTime: new Date(),
    })
    .where(and(eq(user.id, p.userId), eq(user.isDeleted, 0)))
    .returning();
  if (!saved) throw notFound();
  return loaded(db, p, saved);
}
