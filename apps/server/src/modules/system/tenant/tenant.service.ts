import type { TenantInfo, tenantSettingSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { tenant } from '../../../db/schema/index.ts';
import { assertPackageFor } from './tenant.hooks.ts';

/** Quota, expiry and package for several tenants at once; 404 unless every one is a live tenant. */
export async function applyTenantSetting(db: Db, q: z.output<typeof tenantSettingSchema>): Promise<void> {
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
}

/** Which enabled tenant a host belongs to (null when none). */
export async function tenantOfDomain(db: Db, domain: string): Promise<TenantInfo | null> {
  const [row] = await db
    .select({
      tenantId: tenant.tenantId,
      tenantName: tenant.tenantName,
      domain: tenant.domain,
      backgroundUrl: tenant.backgroundUrl,
    })
    .from(tenant)
    .where(and(eq(tenant.domain, domain), eq(tenant.isDeleted, 0), eq(tenant.status, 1)));
  return row ?? null;
}
