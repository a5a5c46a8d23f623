import {
  filejobClassListQuerySchema,
  filejobExtensionSchema,
  filejobMarkSchema,
  filejobQuoteSchema,
  filejobReceiptQuerySchema,
  filejobZipQuerySchema,
  idSchema,
  type MessageParam,
  translate,
} from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { attachment } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { classList } from './assignment/assignment.classes.ts';
import { classZip } from './assignment/assignment.zip.ts';
import { extend, mark, quote, receipt, release } from './filejob.service.ts';

const jd = '/api/jd/pc';
const idParams = z.object({ id: idSchema });
const said = (req: FastifyRequest, key: Parameters<typeof translate>[1], params?: Record<string, MessageParam>) =>
  translate(localeOf(req), key, params);

/**
 * What the factory's CRUD of filejob, filejob_teacher and filejob_student cannot say: quote, the SPEC's
 * `class_list`, extensions, release, marking, receipts and the class zip.
 */
export function filejobRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;
  app.post(
    `${jd}/filejob/quote`,
    { config: { access: access.permission('filejob_quote') }, schema: { body: filejobQuoteSchema } },
    async (req) => {
      const copy = await quote(callOf(req), req.body);
      return { ...ok(localeOf(req), copy), msg: said(req, 'filejob.quoted', { name: copy.title }) };
    },
  );
  app.get(
    `${jd}/filejob_teacher/class_list`,
    {
      config: { access: access.permission('filejob_teacher_view') },
      schema: { querystring: filejobClassListQuerySchema },
    },
    async (req) => ok(localeOf(req), await classList(db, principalOf(req), req.query.id, req.query.classId)),
  );
  app.post(
    `${jd}/filejob_teacher/extension`,
    { config: { access: access.permission('filejob_teacher_extension') }, schema: { body: filejobExtensionSchema } },
    async (req) => ({ ...ok(localeOf(req), await extend(callOf(req), req.body)), msg: said(req, 'filejob.extended') }),
  );
  app.post(
    `${jd}/filejob_teacher/release/:id`,
    { config: { access: access.permission('filejob_teacher_release') }, schema: { params: idParams } },
    async (req) => ({
      ...ok(localeOf(req), await release(callOf(req), req.params.id)),
      msg: said(req, 'filejob.released'),
    }),
  );
  app.get(
    `${jd}/filejob_teacher/zip`,
    { config: { access: access.permission('filejob_teacher_zip') }, schema: { querystring: filejobZipQuerySchema } },
    async (req, reply) => {
      const { stream, name } = await classZip(db, files, principalOf(req), req.query.id, req.query.classId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment('homework.zip', name))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
  app.post(
    `${jd}/filejob_student/mark`,
    { config: { access: access.permission('filejob_student_mark') }, schema: { body: filejobMarkSchema } },
    async (req) => ({ ...ok(localeOf(req), await mark(callOf(req), req.body)), msg: said(req, 'filejob.marked') }),
  );
  app.get(
    `${jd}/filejob_student/receipt`,
    {
      config: { access: access.permission('filejob_student_view') },
      schema: { querystring: filejobReceiptQuerySchema },
    },
    async (req) => ok(localeOf(req), await receipt(db, principalOf(req), req.query.handinId)),
  );
}
