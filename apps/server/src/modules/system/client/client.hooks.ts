import { randomBytes } from 'node:crypto';
import type { clientFormSchema } from '@shixun/contracts';
import { LOGIN_CLIENT_ID } from '@shixun/contracts';
import { and, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../../../core/auth/passwords.ts';
import type { ResourceHooks, SaveValues } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { client, session } from '../../../db/schema/index.ts';

/** Grants the sign-in page uses: the login client must keep them. */
const LOGIN_GRANTS = ['password', 'captcha', 'refresh_token'];
/** The web refreshes its access token after 3000 s; a shorter life would sign everyone out. */
const LOGIN_MIN_ACCESS_VALIDITY = 3600;
const DEFAULT_VALIDITY = { access: 3600, refresh: 604_800 };

/** 32 URL-safe characters (192 bits). */
export function newClientSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Hashed like passwords; the clear secret exists only in the answer that hands it out. */
export function hashClientSecret(secret: string): Promise<string> {
  return hashPassword(secret);
}

/** Sessions opened through these clients end now (a disabled or removed client is one nobody should use). */
export async function endClientSessions(db: Db, clientIds: string[]): Promise<void> {
  if (clientIds.length === 0) return;
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(inArray(session.clientId, clientIds), isNull(session.revokedAt)));
}

export const clientHooks: ResourceHooks<typeof clientFormSchema, typeof client.$inferSelect> = {
  async beforeSave({ values, existing, answer }) {
    if (existing) {
      if (values.clientSecret !== undefined) throw badRequest('client.clientSecret.onlyOnAdd');
      if (existing.clientId === LOGIN_CLIENT_ID) guardLoginClient(values);
    } else {
      const secret = values.clientSecret ?? newClientSecret();
      delete values.clientSecret;
      values.clientSecretHash = await hashClientSecret(secret);
      // The presenter passes `oneTime` through: this answer is the only place the secret ever appears.
      answer.oneTime = { clientId: values.clientId, clientSecret: secret };
    }
    const access = values.accessTokenValidity ?? existing?.accessTokenValidity ?? DEFAULT_VALIDITY.access;
    const refresh = values.refreshTokenValidity ?? existing?.refreshTokenValidity ?? DEFAULT_VALIDITY.refresh;
    if (refresh < access) throw badRequest('client.validityOrder');
  },

  async afterSave({ db, row }) {
    if (row.status === 0) await endClientSessions(db, [row.clientId]);
  },

  async beforeRemove({ db, scope, ids }) {
    const rows = await db
      .select({ clientId: client.clientId })
      .from(client)
      .where(and(scope, inArray(client.id, ids)));
    if (rows.some((r) => r.clientId === LOGIN_CLIENT_ID)) throw badRequest('client.loginClient.fixed');
    await endClientSessions(
      db,
      rows.map((r) => r.clientId),
    );
  },
};

/** The sign-in page's client keeps its id, stays enabled, keeps its grants and a workable token life. */
function guardLoginClient(values: SaveValues<typeof clientFormSchema>): void {
  if ((values.clientId !== undefined && values.clientId !== LOGIN_CLIENT_ID) || values.status === 0) {
    throw badRequest('client.loginClient.fixed');
  }
  const grants = values.authorizedGrantTypes;
  if (grants !== undefined && !LOGIN_GRANTS.every((g) => grants.split(',').includes(g))) {
    throw badRequest('client.loginClient.grants');
  }
  const access = values.accessTokenValidity;
  if (access !== undefined && access < LOGIN_MIN_ACCESS_VALIDITY) throw badRequest('client.loginClient.validity');
}
