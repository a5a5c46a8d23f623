import type { TenantPackageOption } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { access } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { tenantPackage } from '../../../db/schema/index.ts';

export function tenantPackageRoutes(app: TypedApp, db: Db): void {
  /** `tenant-package/select`: the enabled packages a tenant form offers. */
  app.get(
    '/api/blade-system/tenant-package/select',
    { config: { access: access.permission(['tenant_view', 'tenant_package_view'], { superuserOnly: true }) } },
    async (req) => {
      const rows: TenantPackageOption[] = await db
        .select({ id: tenantPackage.id, packageName: tenantPackage.packageName })
        .from(tenantPackage)
        .where(and(eq(tenantPackage.isDeleted, 0), eq(tenantPackage.status, 1)))
        .orderBy(asc(tenantPackage.packageName), asc(tenantPackage.id));
      return ok(localeOf(req), rows);
    },
  );
}
