import { clientSchema, idSchema, LOGIN_CLIENT_ID } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { client } from '../../../db/schema/index.ts';
import { hashClientSecret, newClientSecret } from './client.hooks.ts';

const present = presenter(clientSchema);

export function clientRoutes(app: TypedApp, db: Db): void {
  /**
   * A new generated secret, shown in this answer only. The old one stops working at once; sessions already
   * open stay (they belong to users, who proved who they are).
   */
  app.post(
    '/api/blade-system/client/reset-secret',
    {
      config: { access: access.permission('client_edit', { superuserOnly: true }) },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req) => {
      const { id } = req.query;
      const [row] = await db
        .select({ clientId: client.clientId })
        .from(client)
        .where(and(eq(client.id, id), eq(client.isDeleted, 0)));
      if (!row) throw notFound();
      if (row.clientId === LOGIN_CLIENT_ID) throw badRequest('client.loginClient.fixed');
      const secret = newClientSecret();
      const [saved] = await db
        .update(client)
        .set({
          clientSecretHash: await hashClientSecret(secret),
          updateUser: principalOf(req).userId,
          updateTime: new Date(),
        })
        .where(and(eq(client.id, id), eq(client.isDeleted, 0)))
        .returning();
      if (!saved) throw notFound();
      return ok(localeOf(req), present({ ...saved, oneTime: { clientId: saved.clientId, clientSecret: secret } }));
    },
  );
}
