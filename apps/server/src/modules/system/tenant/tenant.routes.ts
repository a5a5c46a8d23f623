import { type TenantInfo, tenantSettingSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { tenant } from '../../../db/schema/index.ts';
import { assertPackageFor } from './tenant.hooks.ts';

export function tenantRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-system/tenant';

  /** Quota, expiry and package for several tenants at once. */
  app.post(
    `${base}/setting`,
    {
      config: { access: access.permission('tenant_edit', { superuserOnly: true }) },
      schema: { querystring: tenantSettingSchema },
    },
    async (req) => {
      const q = req.query;
      const set: Partial<typeof tenant.$inferInsert> = { updateTime: new Date() };
      if (q.accountNumber !== undefined) set.accountNumber = q.accountNumber;
      if (q.expireTime !== undefined) set.expireTime = q.expireTime ? new Date(q.expireTime) : null;
      const ids = [...new Set(q.ids)];
      if (q.packageId !== undefined) {
        const chosen = await db
          .select({ tenantId: tenant.tenantId })
          .from(tenant)
          .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)));
        await assertPackageFor(
          db,
          q.packageId,
          chosen.map((c) => c.tenantId),
        );
        set.packageId = q.packageId;
      }
      const updated = await db
        .update(tenant)
        .set(set)
        .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)))
        .returning({ id: tenant.id });
      if (updated.length !== ids.length) throw notFound();
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /**
   * BladeX binds a tenant to a database of its own here. Tenancy is row-level in one database (ARCHITECTURE §4), so
   * the call answers with why it cannot, instead of a 404 that reads like a missing feature.
   */
  app.post(
    `${base}/datasource`,
    {
      config: { access: access.permission('tenant_edit', { superuserOnly: true }) },
      schema: { querystring: z.object({ tenantId: z.string().trim().min(1), datasourceId: z.string().trim().min(1) }) },
    },
    async () => {
      throw badRequest('tenant.datasource.unsupported');
    },
  );

  /** Public: which tenant a host belongs to, so the login page can skip asking (null when none). */
  app.get(
    `${base}/info`,
    {
      config: { access: access.public },
      schema: { querystring: z.object({ domain: z.string().trim().min(1).max(255) }) },
    },
    async (req) => {
      const { domain } = req.query;
      const [row] = await db
        .select({
          tenantId: tenant.tenantId,
          tenantName: tenant.tenantName,
          domain: tenant.domain,
          backgroundUrl: tenant.backgroundUrl,
        })
        .from(tenant)
        .where(and(eq(tenant.domain, domain), eq(tenant.isDeleted, 0), eq(tenant.status, 1)));
      const info: TenantInfo | null = row ?? null;
      return ok(localeOf(req), info);
    },
  );
}
