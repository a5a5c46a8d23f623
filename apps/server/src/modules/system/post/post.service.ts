import { PLATFORM_TENANT_ID, type PostOption } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { post } from '../../../db/schema/index.ts';

/**
 * The enabled posts a user form offers. Only the platform superuser may name another tenant; everyone else gets
 * their own tenant's posts whatever they ask for.
 */
export function postOptions(db: Db, p: Principal, asked: string | undefined): Promise<PostOption[]> {
  const tenantId = p.superuser && p.tenantId === PLATFORM_TENANT_ID && asked ? asked : p.tenantId;
  return db
    .select({ id: post.id, postCode: post.postCode, postName: post.postName, category: post.category })
    .from(post)
    .where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0), eq(post.status, 1)))
    .orderBy(asc(post.sort), asc(post.id));
}
