import type { apiScopeFormSchema, dataScopeFormSchema } from '@shixun/contracts';
import { DATA_SCOPE_TYPE } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { deptIdsOf, supportsScopeType } from '../../../core/access/data-scope.ts';
import type { ResourceHooks, SaveContext } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { dept, menu, roleScope, type scopeApi, type scopeData } from '../../../db/schema/index.ts';

/** A scope hangs under a live page menu (category 1). */
async function assertPageMenu(db: Db, menuId: unknown): Promise<void> {
  if (typeof menuId !== 'string') return;
  const [row] = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.id, menuId), eq(menu.category, 1), eq(menu.isDeleted, 0)));
  if (!row) throw badRequest('scope.menu.invalid');
}

/** Custom rules list the tenant's own live depts, kept as a clean, de-duplicated comma list. */
async function normalisedDepts(ctx: SaveContext, value: string): Promise<string> {
  const ids = [...new Set(deptIdsOf(value.replace(/\s/g, '')))];
  if (ids.length === 0) throw badRequest('scope.scopeValue.required');
  if (ids.some((id) => !/^\d{1,19}$/.test(id))) throw badRequest('scope.scopeValue.invalid');
  const found = await ctx.db
    .select({ id: dept.id })
    .from(dept)
    .where(and(inArray(dept.id, ids), eq(dept.tenantId, ctx.principal.tenantId), eq(dept.isDeleted, 0)));
  if (found.length !== ids.length) throw badRequest('scope.scopeValue.invalid');
  return ids.join(',');
}

export const dataScopeHooks: ResourceHooks<typeof dataScopeFormSchema, typeof scopeData.$inferSelect> = {
  async beforeSave(ctx) {
    const { values, existing } = ctx;
    await assertPageMenu(ctx.db, values.menuId);
    // Judge the rule as it will be stored: a partial update may change only the type or only the resource.
    const resourceCode = String(values.resourceCode ?? existing?.resourceCode);
    const scopeType = Number(values.scopeType ?? existing?.scopeType);
    const supported = supportsScopeType(resourceCode, scopeType);
    if (supported === 'unknown') throw badRequest('scope.resourceCode.unknown');
    if (!supported) throw badRequest('scope.scopeType.unsupported');
    if (scopeType === DATA_SCOPE_TYPE.custom) {
      values.scopeValue = await normalisedDepts(ctx, String(values.scopeValue ?? existing?.scopeValue ?? ''));
    } else {
      values.scopeValue = '';
    }
  },
};

export const apiScopeHooks: ResourceHooks<typeof apiScopeFormSchema, typeof scopeApi.$inferSelect> = {
  async beforeSave({ db, values }) {
    await assertPageMenu(db, values.menuId);
  },
  /**
   * Whoever declares a scope keeps it: a new scope is granted to the declarer's own roles, or a tenant administrator
   * covering `/api/blade-user/**` would lock themselves out of user management with no way back.
   */
  async afterSave({ db, principal, existing, row }) {
    if (existing || principal.superuser || principal.roleIds.length === 0) return;
    await db
      .insert(roleScope)
      .values(principal.roleIds.map((roleId) => ({ roleId, scopeCategory: 2, scopeId: row.id })))
      .onConflictDoNothing();
  },
};
