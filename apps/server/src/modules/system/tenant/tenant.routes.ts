import { tenantSettingSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { applyTenantSetting, tenantOfDomain } from './tenant.service.ts';

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
      await applyTenantSetting(db, req.query);
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
    async (req) => ok(localeOf(req), await tenantOfDomain(db, req.query.domain)),
  );
}
