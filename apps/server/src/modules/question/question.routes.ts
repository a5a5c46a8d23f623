import {
  addQuestionsSchema,
  childQuestionFormSchema,
  idSchema,
  type PaperRela,
  type QuestionTree,
  translate,
} from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import { accessScope, loadRows } from '../../core/crud/resource.ts';
import { resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { question } from '../../db/schema/index.ts';
import { copyQuestions } from './question.copy.ts';
import { editableLib } from './question.hooks.ts';
import { childOrder, childrenOf, questionResource } from './question.resource.ts';
import { questionPlaces } from './question.usage.ts';

const exam = '/api/exam/pc/question';
const jd = questionResource.basePath;
const idParams = z.object({ id: idSchema });

/** A live question the caller may read, or 404. */
async function readable(db: Db, req: FastifyRequest, id: string) {
  const scope = await accessScope(db, questionResource, principalOf(req));
  const [row] = await db
    .select()
    .from(question)
    .where(and(scope, eq(question.id, id)));
  if (!row) throw notFound();
  return { row, scope };
}

/**
 * The `/api/exam/pc/question` family (SPEC §7) over the same model and rules as the factory's `/api/jd/pc/question`
 * (question.resource.ts; `move/up|down/{id}` are its tree calls), and the jd extras.
 */
export function questionRoutes(app: TypedApp, db: Db): void {
  const questions = resourceService(questionResource);
  const view = access.permission('question_view');

  app.get(`${exam}/get/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) =>
    ok(localeOf(req), await questions.detail(callOf(req), req.params.id)),
  );

  app.post(`${exam}/save`, { config: { access: access.permission(['question_add', 'question_edit']) } }, async (req) =>
    ok(localeOf(req), await questions.submit(callOf(req), (req.body ?? {}) as Record<string, unknown>)),
  );

  /** A composite question goes with its children. */
  app.delete(
    `${exam}/remove/:id`,
    { config: { access: access.permission('question_delete') }, schema: { params: idParams } },
    async (req) => {
      await questions.remove(callOf(req), { ids: [req.params.id], cascade: '1' });
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /**
   * `hasPaperRela/{id}[/{paperId}]`: is the question (or one of its children) used, and where — asked before saving
   * so that the teacher is told which papers keep their snapshot; `paperId`, the paper being edited, is left out.
   */
  app.get(
    `${exam}/hasPaperRela/:id/:paperId?`,
    { config: { access: view }, schema: { params: idParams.extend({ paperId: idSchema.optional() }) } },
    async (req) => {
      const { id, paperId } = req.params;
      const p = principalOf(req);
      await readable(db, req, id);
      const children = await db
        .select({ id: question.id })
        .from(question)
        .where(childrenOf([id]));
      const ids = [id, ...children.map((c) => c.id)];
      const places = await questionPlaces(db, localeOf(req), p.tenantId, ids, paperId);
      const answer: PaperRela = { used: places !== '', places };
      return ok(localeOf(req), answer);
    },
  );

  /** `tree/{id}`: a question with its children in order (children are never composite: one level). */
  app.get(`${exam}/tree/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) => {
    const p = principalOf(req);
    const { row, scope } = await readable(db, req, req.params.id);
    const kids = await db
      .select()
      .from(question)
      .where(childrenOf([row.id]))
      .orderBy(...childOrder);
    const [parent, ...children] = (await loadRows(questionResource, [row, ...kids], { db, principal: p, scope })).map(
      (r) => ({ ...(questionResource.present(r) as QuestionTree), children: [] as QuestionTree[] }),
    );
    return ok(localeOf(req), { ...parent!, children });
  });

  /** `addEmptyChildQuestion/{id}`: a child of the composite question `{id}` (body: its fields), placed last. */
  app.post(
    `${exam}/addEmptyChildQuestion/:id`,
    {
      config: { access: access.permission('question_add') },
      schema: { params: idParams, body: childQuestionFormSchema },
    },
    async (req) => {
      const { row } = await readable(db, req, req.params.id);
      if (row.type !== 'composite') throw badRequest('question.composite.required');
      const body = req.body;
      return ok(localeOf(req), await questions.submit(callOf(req), { ...body, libId: row.libId, parentId: row.id }));
    },
  );

  /** jd `add_question`: questions the caller may read (e.g. of the public library) copied into a library they edit. */
  app.post(
    `${jd}/add_question`,
    { config: { access: access.permission('question_add') }, schema: { body: addQuestionsSchema } },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const body = req.body;
      const ids = [...new Set(body.ids)];
      const count = await db.transaction(async (tx) => {
        await editableLib(tx, p, body.libId);
        const scope = await accessScope(tx, questionResource, p);
        const found = await tx
          .select({ id: question.id })
          .from(question)
          .where(and(scope, inArray(question.id, ids)));
        if (found.length !== ids.length) throw notFound();
        return copyQuestions(tx, p, ids, body.libId);
      });
      return { ...ok(locale, { count }), msg: translate(locale, 'question.import.done', { count }) };
    },
  );
}
