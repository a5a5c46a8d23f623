import { allQuerySchema, type PermissionCode } from '@shixun/contracts';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { schoolyear, term } from '../../../db/schema/index.ts';
import { termResource } from '../term/term.resource.ts';
import { type Calendar, calendarRows } from './calendar.service.ts';
import { schoolyearResource } from './schoolyear.resource.ts';

/**
 * `schoolyear/all` and `term/all`: every row (of one school with `schoolId`), by start date — for pickers, so
 * forms that choose a year or a term may call them too.
 */
export function calendarRoutes(app: TypedApp, db: Db): void {
  const calls: [Calendar, PermissionCode[]][] = [
    [{ def: schoolyearResource, table: schoolyear }, ['schoolyear_view', 'term_view']],
    [{ def: termResource, table: term }, ['term_view', 'clazz_view']],
  ];
  for (const [calendar, codes] of calls) {
    app.get(
      `${calendar.def.basePath}/all`,
      { config: { access: access.permission(codes) }, schema: { querystring: allQuerySchema } },
      async (req) => {
        const rows = await calendarRows(db, principalOf(req), calendar, req.query);
        return ok(localeOf(req), rows.map(calendar.def.present));
      },
    );
  }
}
