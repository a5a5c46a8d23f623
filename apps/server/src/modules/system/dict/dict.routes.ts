import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { dictVariants } from './dict.resources.ts';
import { dictionaryOptions } from './dict.service.ts';

const codeQuery = z.object({ code: z.string().trim().min(1).max(100) });

/** `dictionary` beside the generated CRUD (and tree) of dict and dict-biz. */
export function dictRoutes(app: TypedApp, db: Db): void {
  for (const variant of dictVariants) {
    /**
     * `dictionary?code=`: the options of one dictionary. Any signed-in user may read them, without a dict code: every
     * page fills its selects and labels from dictionaries, and the values are the labels the page shows anyway.
     * dict-biz answers from the caller's tenant only.
     */
    app.get(
      `${variant.def.basePath}/dictionary`,
      { config: { access: access.signedIn }, schema: { querystring: codeQuery } },
      async (req) => ok(localeOf(req), await dictionaryOptions(db, principalOf(req), variant, req.query.code)),
    );
  }
}
