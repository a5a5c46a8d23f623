import type { UserInfo } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { user } from '../../db/schema/index.ts';

/** Who the signed-in caller is, as the shell shows them: their live account and the roles of their session. */
export async function userInfoOf(db: Db, p: Principal): Promise<UserInfo> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, p.userId), eq(user.isDeleted, 0)));
  if (!row) throw notFound();
  return {
    userId: row.id,
    tenantId: row.tenantId,
    account: row.account,
    name: row.name,
    realName: row.realName,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    deptId: row.deptId ?? '',
    postId: row.postId ?? '',
    roleIds: p.roleIds,
    roleAliases: p.roleAliases,
    superuser: p.superuser,
  };
}
