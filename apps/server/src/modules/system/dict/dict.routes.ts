import type { DictOption } from '@shixun/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { scopeOf } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { dictVariants } from './dict.resources.ts';

const codeQuery = z.object({ code: z.string().trim().min(1).max(100) });

/** `dictionary` beside the generated CRUD (and tree) of dict and dict-biz. */
export function dictRoutes(app: TypedApp, db: Db): void {
  for (const { table, def } of dictVariants) {
    /**
     * `dictionary?code=`: the options of one dictionary — its live, unsealed items by sort. Any signed-in user may
     * read them, without a dict code: every page fills its selects and labels from dictionaries, and the values are
     * the labels the page shows anyway. dict-biz answers from the caller's tenant only. An unknown code is [].
     */
    app.get(
      `${def.basePath}/dictionary`,
      { config: { access: access.signedIn }, schema: { querystring: codeQuery } },
      async (req) => {
        const { code } = req.query;
        const rows: DictOption[] = await db
          .select({
            id: table.id,
            parentId: table.parentId,
            code: table.code,
            dictKey: table.dictKey,
            dictValue: table.dictValue,
            dictValueEn: table.dictValueEn,
            sort: table.sort,
          })
          .from(table)
          .where(
            and(scopeOf(def, principalOf(req)), eq(table.code, code), ne(table.parentId, '0'), eq(table.isSealed, 0)),
          )
          .orderBy(asc(table.sort), asc(table.id));
        return ok(localeOf(req), rows);
      },
    );
  }
}
