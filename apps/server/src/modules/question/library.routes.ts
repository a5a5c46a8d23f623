import { quoteLibSchema, translate } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { questionLibResource } from './library.resource.ts';
import { pickableLibraries, quoteLibrary } from './library.service.ts';

const base = questionLibResource.basePath;

/** `quote` and the library picker, beside the factory's CRUD (library.resource.ts). */
export function libraryRoutes(app: TypedApp, db: Db): void {
  /** `POST quote`: a library the caller may read copied with its questions into a new library of theirs. */
  app.post(
    `${base}/quote`,
    { config: { access: access.permission('question_lib_quote') }, schema: { body: quoteLibSchema } },
    async (req) => {
      const locale = localeOf(req);
      const result = await quoteLibrary(db, principalOf(req), req.body);
      return {
        ...ok(locale, result),
        msg: translate(locale, 'questionLib.quoted', { name: result.name, count: result.count }),
      };
    },
  );

  /** `GET get_que_lib_list?access=edit|read`: libraries for pickers (default: those the caller may add questions to). */
  app.get(
    `${base}/get_que_lib_list`,
    {
      config: { access: access.permission(['question_lib_view', 'question_view']) },
      schema: { querystring: z.object({ access: z.enum(['read', 'edit']).optional() }) },
    },
    async (req) => ok(localeOf(req), await pickableLibraries(db, principalOf(req), req.query.access ?? 'edit')),
  );
}
