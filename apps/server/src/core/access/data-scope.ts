import { DATA_SCOPE_TYPE, type DataScopedResource } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dept, roleScope, scopeData } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { Principal } from './principal.ts';
import { memoOf } from './session-cache.ts';

/** The columns a resource offers to data scopes: whose dept a row belongs to, and who created it. */
export interface DataScopeColumns {
  dept?: PgColumn;
  creator?: PgColumn;
}

const scoped = new Map<string, DataScopeColumns>();

/** Called for each resource that declares data-scope columns, so scope rules can be checked against it. */
export function registerDataScoped(code: string, columns: DataScopeColumns): void {
  scoped.set(code, columns);
}

function supportedTypes(columns: DataScopeColumns): number[] {
  const types: number[] = [DATA_SCOPE_TYPE.all];
  if (columns.creator) types.push(DATA_SCOPE_TYPE.self);
  if (columns.dept) types.push(DATA_SCOPE_TYPE.ownDept, DATA_SCOPE_TYPE.deptAndChildren, DATA_SCOPE_TYPE.custom);
  return types;
}

export function dataScopedResources(): DataScopedResource[] {
  return [...scoped].map(([code, columns]) => ({ code, types: supportedTypes(columns) }));
}

export function supportsScopeType(code: string, type: number): boolean | 'unknown' {
  const columns = scoped.get(code);
  return columns ? supportedTypes(columns).includes(type) : 'unknown';
}

export interface GrantedDataScope {
  id: string;
  resourceCode: string;
  scopeType: number;
  scopeValue: string;
}

/** Live data-scope rules of the caller's tenant granted to any of these roles (optionally for one resource). */
export async function grantedDataScopes(
  db: Db,
  tenantId: string,
  roleIds: string[],
  resourceCode?: string,
): Promise<GrantedDataScope[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({
      id: scopeData.id,
      resourceCode: scopeData.resourceCode,
      scopeType: scopeData.scopeType,
      scopeValue: scopeData.scopeValue,
    })
    .from(roleScope)
    .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
    .where(
      and(
        eq(roleScope.scopeCategory, 1),
        inArray(roleScope.roleId, roleIds),
        eq(scopeData.tenantId, tenantId),
        eq(scopeData.isDeleted, 0),
        eq(scopeData.status, 1),
        resourceCode ? eq(scopeData.resourceCode, resourceCode) : undefined,
      ),
    );
}

/** Rules that leave a resource unrestricted: none at all, or any "all" rule among them. */
export function isUnrestricted(rules: GrantedDataScope[]): boolean {
  return rules.length === 0 || rules.some((r) => r.scopeType === DATA_SCOPE_TYPE.all);
}

export function deptIdsOf(scopeValue: string): string[] {
  return scopeValue.split(',').filter(Boolean);
}

const none = sql`false`;

function ruleCondition(rule: GrantedDataScope, columns: DataScopeColumns, p: Principal): SQL {
  const { dept: deptColumn, creator } = columns;
  switch (rule.scopeType) {
    case DATA_SCOPE_TYPE.self:
      return creator ? eq(creator, p.userId) : none;
    case DATA_SCOPE_TYPE.ownDept:
      return deptColumn && p.deptId ? eq(deptColumn, p.deptId) : none;
    case DATA_SCOPE_TYPE.deptAndChildren: {
      if (!deptColumn || !p.deptId) return none;
      // ancestors is "0,<root>,…,<parent>": a dept lies below mine when my id is one of its ancestors.
      const below = sql`(',' || ${dept.ancestors} || ',') like ${`%,${p.deptId},%`}`;
      return or(
        eq(deptColumn, p.deptId),
        inArray(
          deptColumn,
          sql`(select ${dept.id} from ${dept} where ${and(eq(dept.tenantId, p.tenantId), eq(dept.isDeleted, 0), below)})`,
        ),
      )!;
    }
    case DATA_SCOPE_TYPE.custom: {
      const ids = deptIdsOf(rule.scopeValue);
      return deptColumn && ids.length ? inArray(deptColumn, ids) : none;
    }
    default:
      return none;
  }
}

/**
 * The rows of a resource the caller may see under their roles' data scopes (ARCHITECTURE §4). As in BladeX, once
 * any of the caller's roles carries rules for the resource, the union of those rules applies; the platform
 * superuser is never limited.
 */
export async function dataScopeCondition(
  db: Db,
  resourceCode: string,
  columns: DataScopeColumns,
  p: Principal,
): Promise<SQL | undefined> {
  if (p.superuser) return undefined;
  return memoOf(p, `data-scope:${resourceCode}`, async () => {
    const rules = await grantedDataScopes(db, p.tenantId, p.roleIds, resourceCode);
    if (isUnrestricted(rules)) return undefined;
    return or(...rules.map((r) => ruleCondition(r, columns, p)));
  });
}
