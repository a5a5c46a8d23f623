import {
  assignFormSchema,
  correctSchema,
  examStartSchema,
  exceptionSchema,
  forceSubmitSchema,
  idSchema,
  integrityEventSchema,
  type MessageParam,
  markingAnswersQuerySchema,
  regradeSchema,
  resultStudentsQuerySchema,
  saveAnswersSchema,
  translate,
  wrongbookCheckSchema,
} from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import type { Db } from '../../core/db/client.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { resultsExport } from './assignment/assignment.results.excel.ts';
import { resultStudents } from './assignment/assignment.results.students.ts';
import { assignmentResults } from './assignment/assignment.results.ts';
import {
  allowException,
  assign,
  checkWrongAnswer,
  forceSubmitAttempts,
  logIntegrityEvent,
  regradeQuestion,
  release,
  retryAssignment,
  saveMarks,
} from './assignment.service.ts';
import { saveLimits } from './attempt/attempt.budget.ts';
import { myAssignment, myAssignments } from './attempt/attempt.mine.ts';
import { attemptReview } from './attempt/attempt.review.ts';
import { examPaper, practiceFeedback, saveAnswers, submitExam } from './attempt/attempt.take.ts';
import { markingAnswers, markingQuestions } from './marking/attempt.marking.ts';
import { practiceQuestion } from './wrongbook/wrongbook.practice.ts';

const jd = '/api/jd/pc';
const idParams = z.object({ id: idSchema });
const said = (req: FastifyRequest, key: Parameters<typeof translate>[1], params?: Record<string, MessageParam>) =>
  translate(localeOf(req), key, params);

/**
 * Assignments, taking them, marking and the wrong-answer book: what the factory's CRUD of paper_teacher,
 * paper_student, paper_teacher_question and wrongbook cannot say (SPEC §7: add_batch, exam_paper, submit_exam,
 * submit_correct), plus autosave, release, exceptions and re-practice.
 */
export function assignmentRoutes(app: TypedApp, deps: { db: Db; store: KvStore }): void {
  const { db, store } = deps;
  const take = access.permission('paper_student_question_edit');
  const mark = access.permission('paper_mark');

  // ── Teachers: assign, release, exceptions ──
  app.post(
    `${jd}/paper_teacher/add_batch`,
    { config: { access: access.permission('paper_teacher_add') }, schema: { body: assignFormSchema } },
    async (req) => {
      const { made, detail } = await assign(callOf(req), req.body);
      return { ...ok(localeOf(req), detail), msg: said(req, 'assignment.created', made) };
    },
  );

  app.post(
    `${jd}/paper_teacher/release/:id`,
    { config: { access: access.permission('paper_teacher_release') }, schema: { params: idParams } },
    async (req) => {
      const detail = await release(callOf(req), req.params.id);
      return { ...ok(localeOf(req), detail), msg: said(req, 'assignment.released') };
    },
  );

  app.post(
    `${jd}/paper_teacher/exception`,
    { config: { access: access.permission('paper_teacher_exception') }, schema: { body: exceptionSchema } },
    async (req) => {
      const form = req.body;
      const row = await allowException(db, principalOf(req), form);
      const msg =
        form.kind === 'extend'
          ? said(req, 'exam.extended', { minutes: form.minutes! })
          : said(req, 'exam.reopened', { time: form.until! });
      return { ...ok(localeOf(req), { id: row.id }), msg };
    },
  );

  app.post(
    `${jd}/paper_teacher/force_submit`,
    { config: { access: access.permission('paper_teacher_exception') }, schema: { body: forceSubmitSchema } },
    async (req) => {
      const { ids, reason } = req.body;
      const count = await forceSubmitAttempts(db, principalOf(req), ids, reason);
      return { ...ok(localeOf(req), { count }), msg: said(req, 'exam.forced', { count }) };
    },
  );

  // ── Results ──
  const results = access.permission('paper_teacher_results');
  app.get(
    `${jd}/paper_teacher/results/:id`,
    { config: { access: results }, schema: { params: idParams } },
    async (req) => ok(localeOf(req), await assignmentResults(db, principalOf(req), req.params.id)),
  );
  app.get(
    `${jd}/paper_teacher/results/:id/students`,
    { config: { access: results }, schema: { params: idParams, querystring: resultStudentsQuerySchema } },
    async (req) => ok(localeOf(req), await resultStudents(db, principalOf(req), req.params.id, req.query)),
  );
  app.get(
    `${jd}/paper_teacher/results/:id/export`,
    { config: { access: results }, schema: { params: idParams } },
    async (req, reply) => {
      const { body, name } = await resultsExport(db, principalOf(req), req.params.id, localeOf(req));
      return sendDownload(reply, { body, type: XLSX_TYPE, asciiName: 'results.xlsx', name });
    },
  );

  // ── Marking ──
  app.get(
    `${jd}/paper_teacher_question/marking`,
    { config: { access: mark }, schema: { querystring: z.object({ paperTeacherId: idSchema }) } },
    async (req) => ok(localeOf(req), await markingQuestions(db, principalOf(req), req.query.paperTeacherId)),
  );
  app.get(
    `${jd}/paper_student_question/answers`,
    { config: { access: mark }, schema: { querystring: markingAnswersQuerySchema } },
    async (req) => ok(localeOf(req), await markingAnswers(db, principalOf(req), req.query)),
  );
  app.post(
    `${jd}/paper_teacher_question/regrade`,
    { config: { access: mark }, schema: { body: regradeSchema } },
    async (req) => {
      const result = await regradeQuestion(db, principalOf(req), req.body);
      const msg = result.applied ? said(req, 'mark.regraded', { count: result.changes.length }) : undefined;
      return { ...ok(localeOf(req), result), ...(msg ? { msg } : {}) };
    },
  );
  app.post(
    `${jd}/paper_student_question/submit_correct`,
    { config: { access: mark }, schema: { body: correctSchema } },
    async (req) => {
      const count = await saveMarks(db, principalOf(req), req.body);
      return { ...ok(localeOf(req), { count }), msg: said(req, 'mark.saved', { count }) };
    },
  );

  // ── Students: my work, taking it, reviewing it ──
  app.get(`${jd}/paper_student/my`, { config: { access: access.permission('paper_student_view') } }, async (req) =>
    ok(localeOf(req), await myAssignments(db, principalOf(req))),
  );
  app.post(`${jd}/paper_student/retry/:id`, { config: { access: take }, schema: { params: idParams } }, async (req) => {
    const id = await retryAssignment(db, principalOf(req), req.params.id);
    return ok(localeOf(req), { id });
  });
  app.post(
    `${jd}/paper_student/event`,
    { config: { access: take }, schema: { body: integrityEventSchema } },
    async (req) => {
      const { paperStudentId, kind } = req.body;
      await logIntegrityEvent(db, principalOf(req), paperStudentId, kind);
      return ok(localeOf(req), null);
    },
  );

  const attemptQuery = z.object({ paperStudentId: idSchema });
  app.get(
    `${jd}/paper_student_question/exam_paper`,
    { config: { access: take }, schema: { querystring: attemptQuery } },
    async (req) =>
      ok(
        localeOf(req),
        await examPaper(db, principalOf(req), req.query.paperStudentId, {
          ip: req.ip,
          store,
        }),
      ),
  );
  // Starting with the access password (in a body, never in a URL that logs keep); otherwise as exam_paper.
  app.post(
    `${jd}/paper_student_question/start`,
    { config: { access: take }, schema: { body: examStartSchema } },
    async (req) => {
      const { paperStudentId, password } = req.body;
      return ok(localeOf(req), await examPaper(db, principalOf(req), paperStudentId, { ip: req.ip, store, password }));
    },
  );
  app.post(
    `${jd}/paper_student_question/save_answers`,
    { config: { access: take }, schema: { body: saveAnswersSchema }, ...saveLimits },
    async (req) => ok(localeOf(req), await saveAnswers(db, principalOf(req), req.body)),
  );
  app.post(
    `${jd}/paper_student_question/submit_exam`,
    { config: { access: take }, schema: { body: saveAnswersSchema }, ...saveLimits },
    async (req) => {
      const p = principalOf(req);
      const { a } = await submitExam(db, p, req.body);
      return ok(localeOf(req), await myAssignment(db, p, a));
    },
  );
  app.post(
    `${jd}/paper_student_question/check`,
    {
      config: { access: take },
      schema: { body: z.object({ paperStudentId: idSchema, questionId: idSchema }) },
    },
    async (req) => {
      const { paperStudentId, questionId } = req.body;
      return ok(localeOf(req), await practiceFeedback(db, principalOf(req), paperStudentId, questionId));
    },
  );
  app.get(
    `${jd}/paper_student_question/review`,
    { config: { access: access.permission('paper_student_view') }, schema: { querystring: attemptQuery } },
    async (req) => ok(localeOf(req), await attemptReview(db, principalOf(req), req.query.paperStudentId)),
  );

  // ── The wrong-answer book's re-practice ──
  const book = '/api/exam/pc/wrongbook';
  app.get(
    `${book}/practice`,
    { config: { access: access.permission('wrongbook_view') }, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => ok(localeOf(req), await practiceQuestion(db, principalOf(req), req.query.id)),
  );
  app.post(
    `${book}/check`,
    { config: { access: access.permission('wrongbook_edit') }, schema: { body: wrongbookCheckSchema } },
    async (req) => {
      const { id, answer } = req.body;
      return ok(localeOf(req), await checkWrongAnswer(db, principalOf(req), id, answer));
    },
  );
}
