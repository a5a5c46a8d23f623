import { allQuerySchema, type PermissionCode } from '@shixun/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { access, principalOf } from '../../../core/access/guard.ts';
import { type AnyResourceDef, scopeOf } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { schoolyear, term } from '../../../db/schema/index.ts';
import { termResource } from '../term/term.resource.ts';
import { schoolyearResource } from './schoolyear.resource.ts';

/**
 * `schoolyear/all` and `term/all`: every row (of one school with `schoolId`), by start date — for pickers, so
 * forms that choose a year or a term may call them too.
 */
export function calendarRoutes(app: TypedApp, db: Db): void {
  const calls: [AnyResourceDef, typeof schoolyear | typeof term, PermissionCode[]][] = [
    [schoolyearResource, schoolyear, ['schoolyear_view', 'term_view']],
    [termResource, term, ['term_view', 'clazz_view']],
  ];
  for (const [def, table, codes] of calls) {
    app.get(
      `${def.basePath}/all`,
      { config: { access: access.permission(codes) }, schema: { querystring: allQuerySchema } },
      async (req) => {
        const q = req.query;
        const principal = principalOf(req);
        const scope = scopeOf(def, principal);
        const order = q.isAsc === 'false' || q.isAsc === '0' ? desc : asc;
        const rows = await db
          .select()
          .from(table)
          .where(and(scope, q.schoolId ? eq(table.schoolId, q.schoolId) : undefined))
          .orderBy(order(table.startDate), order(table.id));
        const loaded = (await def.hooks?.afterLoad?.(rows, { db, principal, scope })) ?? rows;
        return ok(localeOf(req), loaded.map(def.present));
      },
    );
  }
}
