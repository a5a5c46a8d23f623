import { idSchema, type MessageKey } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { type AnyResourceDef, accessScope, type ResourceHooks } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import { assertReachable, outboundPolicy } from '../../core/net/outbound.ts';

/** A tenant's settings for an outside service (object storage, SMS): a sealed secret and one enabled per tenant. */
type ConfigTable = PgTable & { id: PgColumn; tenantId: PgColumn; status: PgColumn; enabled: PgColumn };

/**
 * The secret key is write-only: sealed (SecretBox, bound to `purpose`) before it is stored, never presented, kept
 * when an edit leaves it out. A school's endpoint may not be an internal address (checked again at each use). A
 * disabled config stops being the enabled one; the enabled one cannot be removed.
 */
export function sealedConfigHooks(opts: {
  table: ConfigTable;
  purpose: string;
  enabledRemove: MessageKey;
}): ResourceHooks {
  return {
    async beforeSave({ db, principal, values, secrets }) {
      if (typeof values.endpoint === 'string' && values.endpoint) {
        await assertReachable(await outboundPolicy(db, principal.tenantId), values.endpoint);
      }
      if (typeof values.secretKey === 'string') values.secretKeyEnc = secrets.seal(opts.purpose, values.secretKey);
      delete values.secretKey;
      if (values.status === 0) values.enabled = 0;
    },

    async beforeRemove({ db, scope, ids }) {
      const [inUse] = await db
        .select({ id: opts.table.id })
        .from(opts.table)
        .where(and(scope, inArray(opts.table.id, ids), eq(opts.table.enabled, 1)))
        .limit(1);
      if (inUse) throw badRequest(opts.enabledRemove);
    },
  };
}

/**
 * `POST <base>/enable?id=`: makes this config the tenant's one in use; every other config of the tenant stops
 * being it, in the same transaction (a unique index keeps it to one even under a race).
 */
export function mountEnable(
  app: FastifyInstance,
  db: Db,
  opts: { def: AnyResourceDef; table: ConfigTable; disabled: MessageKey },
): void {
  const { def, table } = opts;
  app.post(
    `${def.basePath}/enable`,
    {
      config: { access: access.permission(`${def.name}_edit`) },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req) => {
      const p = principalOf(req);
      const { id } = req.query as { id: string };
      const scope = await accessScope(db, def, p);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: table.status })
          .from(table)
          .where(and(scope, eq(table.id, id)));
        if (!row) throw notFound();
        if (row.status !== 1) throw badRequest(opts.disabled);
        await tx
          .update(table)
          .set({ enabled: 0 } as never)
          .where(and(eq(table.tenantId, p.tenantId), eq(table.enabled, 1)));
        await tx
          .update(table)
          .set({ enabled: 1, updateUser: p.userId, updateTime: new Date() } as never)
          .where(eq(table.id, id));
      });
      return ok(localeOf(req), null, 'ok.default');
    },
  );
}
