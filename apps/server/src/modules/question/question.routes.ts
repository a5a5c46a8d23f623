import { addQuestionsSchema, childQuestionFormSchema, idSchema, translate } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import { resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { questionResource } from './question.resource.ts';
import { addChildQuestion, addQuestions, questionTree, questionUse } from './question.service.ts';

const exam = '/api/exam/pc/question';
const jd = questionResource.basePath;
const idParams = z.object({ id: idSchema });

// Parsed by the add or the edit form inside submit: which one depends on the id, and its code is checked first.
const formBody = z.record(z.string(), z.unknown()).nullish();

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

  app.post(
    `${exam}/save`,
    { config: { access: access.permission(['question_add', 'question_edit']) }, schema: { body: formBody } },
    async (req) => ok(localeOf(req), await questions.submit(callOf(req), req.body ?? {})),
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
      return ok(localeOf(req), await questionUse(db, principalOf(req), localeOf(req), { id, exceptPaper: paperId }));
    },
  );

  /** `tree/{id}`: a question with its children in order (children are never composite: one level). */
  app.get(`${exam}/tree/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) =>
    ok(localeOf(req), await questionTree(db, principalOf(req), req.params.id)),
  );

  /** `addEmptyChildQuestion/{id}`: a child of the composite question `{id}` (body: its fields), placed last. */
  app.post(
    `${exam}/addEmptyChildQuestion/:id`,
    {
      config: { access: access.permission('question_add') },
      schema: { params: idParams, body: childQuestionFormSchema },
    },
    async (req) => ok(localeOf(req), await addChildQuestion(callOf(req), req.params.id, req.body)),
  );

  /** jd `add_question`: questions the caller may read (e.g. of the public library) copied into a library they edit. */
  app.post(
    `${jd}/add_question`,
    { config: { access: access.permission('question_add') }, schema: { body: addQuestionsSchema } },
    async (req) => {
      const locale = localeOf(req);
      const count = await addQuestions(db, principalOf(req), req.body);
      return { ...ok(locale, { count }), msg: translate(locale, 'question.import.done', { count }) };
    },
  );
}
