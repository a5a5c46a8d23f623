import { LOGIN_CLIENT_ID } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { client } from '../../../db/schema/index.ts';
import { hashClientSecret, newClientSecret } from './client.hooks.ts';

/**
 * A new generated secret for a client, handed back in clear this once. The old one stops working at once; sessions
 * already open stay (they belong to users, who proved who they are).
 */
export async function resetClientSecret(db: Db, p: Principal, id: string) {
  const [row] = await db
    .select({ clientId: client.clientId })
    .from(client)
    .where(and(eq(client.id, id), eq(client.isDeleted, 0)));
  if (!row) throw notFound();
  if (row.clientId === LOGIN_CLIENT_ID) throw badRequest('client.loginClient.fixed');
  const secret = newClientSecret();
  const [saved] = await db
    .update(client)
    .set({ clientSecretHash: await hashClientSecret(secret), updateUser: p.userId, updateTime: new Date() })
    .where(and(eq(client.id, id), eq(client.isDeleted, 0)))
    .returning();
  if (!saved) throw notFound();
  return { ...saved, oneTime: { clientId: saved.clientId, clientSecret: secret } };
}
