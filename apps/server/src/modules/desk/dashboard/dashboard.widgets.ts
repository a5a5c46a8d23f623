import { USER_STATUS_PENDING } from '@shixun/contracts';
import { and, count } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { type AnyResourceDef, accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { attachResource } from '../../files/files.api.ts';
import { deptResource, roleResource, tenantResource } from '../../system/system.api.ts';
import { userResource } from '../../user/user.api.ts';
import { noticeResource } from '../notice/notice.resource.ts';

/**
 * The home page's counters, in the order shown: each is the number of rows of a resource the caller may list
 * (its `_view` permission, tenant and data scope, as the list itself would count them). A teaching module adds its
 * resource here (courses, papers, exams ...) and the home page shows it to whoever may list it.
 */
export const dashboardCounters: AnyResourceDef[] = [
  tenantResource,
  userResource,
  roleResource,
  deptResource,
  noticeResource,
  attachResource,
];

/** Work waiting for the caller: a count and the page where it is done. Nothing to do → not listed. */
export interface TodoSource {
  key: string;
  /** The permission the work needs. */
  permission: string;
  path: string;
  count(db: Db, p: Principal): Promise<number>;
}

/** The platform's own to-dos, then those the modules registered. */
export const todoSources: TodoSource[] = [
  {
    // Guest and social-login registrations wait for an administrator to enable them in 用户管理.
    key: 'pendingUsers',
    permission: 'user_edit',
    path: '/system/user',
    count: async (db, p) => {
      const pending = userResource.filters.status!.where(USER_STATUS_PENDING);
      const [row] = await db
        .select({ n: count() })
        .from(userResource.table)
        .where(and(await accessScope(db, userResource, p), pending));
      return row?.n ?? 0;
    },
  },
];

/** Called once at start-up with every module's to-dos (the platform knows none of them); listed after its own. */
export function registerTodoSources(list: TodoSource[]): void {
  for (const source of list) if (!todoSources.includes(source)) todoSources.push(source);
}

/** Rows of the resource the caller may list. */
export async function countVisible(db: Db, def: AnyResourceDef, p: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(def.table)
    .where(await accessScope(db, def, p));
  return row?.n ?? 0;
}
