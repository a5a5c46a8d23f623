import type { TenantPackageOption } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { tenantPackage } from '../../../db/schema/index.ts';

/** The enabled packages a tenant form offers. */
export function packageOptions(db: Db): Promise<TenantPackageOption[]> {
  return db
    .select({ id: tenantPackage.id, packageName: tenantPackage.packageName })
    .from(tenantPackage)
    .where(and(eq(tenantPackage.isDeleted, 0), eq(tenantPackage.status, 1)))
    .orderBy(asc(tenantPackage.packageName), asc(tenantPackage.id));
}
