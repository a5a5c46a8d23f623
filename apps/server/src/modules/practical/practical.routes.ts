import {
  idSchema,
  type MessageParam,
  practicalAssignFormSchema,
  practicalCorrectSchema,
  practicalInspectionCopySchema,
  practicalSaveSchema,
  quotePaperSchema,
  translate,
} from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import type { Db } from '../../core/db/client.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import { saveBudget } from '../../core/http/save-budget.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { practicalResultsExport } from './assignment/assignment.export.ts';
import { practicalResults } from './assignment/assignment.results.ts';
import { correctAttempt } from './attempt/attempt.correct.ts';
import { paperDetail } from './attempt/attempt.detail.ts';
import { saveRecords } from './attempt/attempt.save.ts';
import { assign, copyItems, quote, release } from './practical.service.ts';

const jd = '/api/jd/pc';
const idParams = z.object({ id: idSchema });
const said = (req: FastifyRequest, key: Parameters<typeof translate>[1], params?: Record<string, MessageParam>) =>
  translate(localeOf(req), key, params);

/**
 * What the factory's CRUD of practical_teacher and practical_student cannot say (SPEC §7: add_batch, paper_detail,
 * submit_paper_answer, teacher_correct_paper), plus release and results.
 */
export function practicalRoutes(app: TypedApp, db: Db): void {
  app.post(
    `${jd}/practical_teacher/add_batch`,
    { config: { access: access.permission('practical_teacher_add') }, schema: { body: practicalAssignFormSchema } },
    async (req) => {
      const { made, detail } = await assign(callOf(req), req.body);
      return { ...ok(localeOf(req), detail), msg: said(req, 'practical.assigned', made) };
    },
  );
  app.post(
    `${jd}/practical_inspection/add_practial_inspection_for_paper`,
    {
      config: { access: access.permission('practical_inspection_add') },
      schema: { body: practicalInspectionCopySchema },
    },
    async (req) => {
      const count = await copyItems(db, principalOf(req), req.body);
      return { ...ok(localeOf(req), { count }), msg: said(req, 'practical.copied', { count }) };
    },
  );
  /** `quote` (引用): a task the caller may read copied as their own, private, with its points and items. */
  app.post(
    `${jd}/practical_paper/quote`,
    { config: { access: access.permission('practical_paper_quote') }, schema: { body: quotePaperSchema } },
    async (req) => {
      const copy = await quote(callOf(req), req.body);
      return { ...ok(localeOf(req), copy), msg: said(req, 'practical.quoted', { name: copy.title }) };
    },
  );
  app.post(
    `${jd}/practical_teacher/release/:id`,
    { config: { access: access.permission('practical_teacher_release') }, schema: { params: idParams } },
    async (req) => ({
      ...ok(localeOf(req), await release(callOf(req), req.params.id)),
      msg: said(req, 'practical.released'),
    }),
  );

  const results = access.permission('practical_teacher_results');
  app.get(
    `${jd}/practical_teacher/results/:id`,
    {
      config: { access: results },
      schema: { params: idParams, querystring: z.object({ classId: idSchema.optional() }) },
    },
    async (req) => ok(localeOf(req), await practicalResults(db, principalOf(req), req.params.id, req.query.classId)),
  );
  app.get(
    `${jd}/practical_teacher/results/:id/export`,
    { config: { access: results }, schema: { params: idParams } },
    async (req, reply) => {
      const { body, name } = await practicalResultsExport(db, principalOf(req), req.params.id, localeOf(req));
      return sendDownload(reply, { body, type: XLSX_TYPE, asciiName: 'practical-results.xlsx', name });
    },
  );

  app.get(
    `${jd}/practical_student/paper_detail`,
    {
      config: { access: access.permission('practical_student_view') },
      schema: { querystring: z.object({ paperId: idSchema, practicalStudentId: idSchema }) },
    },
    async (req) =>
      ok(localeOf(req), await paperDetail(db, principalOf(req), req.query.paperId, req.query.practicalStudentId)),
  );
  app.post(
    `${jd}/practical_student/submit_paper_answer`,
    {
      config: { access: access.permission('practical_student_answer') },
      schema: { body: practicalSaveSchema },
      ...saveBudget,
    },
    async (req) => {
      const ack = await saveRecords(db, principalOf(req), req.body);
      return { ...ok(localeOf(req), ack), ...(req.body.final ? { msg: said(req, 'practical.handedIn') } : {}) };
    },
  );
  app.post(
    `${jd}/practical_student/teacher_correct_paper`,
    { config: { access: access.permission('practical_student_correct') }, schema: { body: practicalCorrectSchema } },
    async (req) => {
      const paperId = await correctAttempt(db, principalOf(req), req.body);
      const detail = await paperDetail(db, principalOf(req), paperId, req.body.practicalStudentId);
      return {
        ...ok(localeOf(req), detail),
        msg: said(req, req.body.signOff ? 'practical.signed' : 'practical.saved'),
      };
    },
  );
}
