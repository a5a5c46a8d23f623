import { type LibOption, quoteLibSchema, translate } from '@shixun/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { question, questionLib } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { questionLibResource } from './library.resource.ts';
import { copyQuestions } from './question.copy.ts';

const base = questionLibResource.basePath;

/** `quote` and the library picker, beside the factory's CRUD (library.resource.ts). */
export function libraryRoutes(app: TypedApp, db: Db): void {
  /**
   * `POST quote`: a library the caller may read (shared, public, or their own) copied with its questions into a new
   * library of theirs, keeping `source_id`. Another teacher's private library answers 404, like one that does not exist.
   */
  app.post(
    `${base}/quote`,
    { config: { access: access.permission('question_lib_quote') }, schema: { body: quoteLibSchema } },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const body = req.body;
      const result = await db.transaction(async (tx) => {
        const source = await libraryPolicy.quoteSource(tx, p, body.id);
        const now = new Date();
        const [copy] = await tx
          .insert(questionLib)
          .values({
            id: newId(),
            tenantId: p.tenantId,
            name: body.name || source.name,
            discipline: source.discipline,
            remark: source.remark,
            sourceId: source.id,
            createUser: p.userId,
            createDept: p.deptId,
            createTime: now,
            updateUser: p.userId,
            updateTime: now,
          })
          .returning();
        const top = await tx
          .select({ id: question.id })
          .from(question)
          .where(and(eq(question.libId, source.id), eq(question.isDeleted, 0), eq(question.parentId, '0')));
        const count = await copyQuestions(
          tx,
          p,
          top.map((q) => q.id),
          copy!.id,
        );
        return { id: copy!.id, name: copy!.name, count };
      });
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
    async (req) => {
      const p = principalOf(req);
      const mode = req.query.access ?? 'edit';
      const who = await libraryPolicy.reader(db, p);
      const rows = await db
        .select()
        .from(questionLib)
        .where(
          and(eq(questionLib.tenantId, p.tenantId), eq(questionLib.isDeleted, 0), libraryPolicy.condition(who, mode)),
        )
        .orderBy(desc(questionLib.updateTime), asc(questionLib.id))
        .limit(500);
      const access = await libraryPolicy.access(db, who, rows);
      const options: LibOption[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        discipline: r.discipline,
        access: access.get(r.id)!,
      }));
      return ok(localeOf(req), options);
    },
  );
}
