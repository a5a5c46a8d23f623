import { randomBytes } from 'node:crypto';
import { PARAM_KEYS, type PasswordReset } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { md5 } from '../../core/auth/md5.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import { revokeUserSessions } from '../../core/auth/sessions.ts';
import type { Db } from '../../core/db/client.ts';
import { paramValue } from '../../core/settings/params.ts';
import { user } from '../../db/schema/index.ts';

/**
 * New passwords: the configured initial password (param account.initPassword) or a random one per user, returned
 * once. Their sessions end at once and any sign-in lock is lifted. The caller has checked it may touch these users.
 */
export async function resetPasswords(db: Db, rows: { id: string; account: string }[]): Promise<PasswordReset[]> {
  const initial = await paramValue(db, PARAM_KEYS.initPassword);
  const result: PasswordReset[] = [];
  for (const row of rows) {
    const password = initial || randomBytes(9).toString('base64url');
    await db
      .update(user)
      .set({ passwordHash: await hashPassword(md5(password)), loginFailCount: 0, lockedUntil: null })
      .where(eq(user.id, row.id));
    await revokeUserSessions(db, row.id);
    result.push({ userId: row.id, account: row.account, password });
  }
  return result;
}
