import { classQrcodeSchema, idSchema, teacherRelasSchema, userFormSchema } from '@shixun/contracts';
import QRCode from 'qrcode';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { orgTree } from '../clazz/org-tree.ts';
import { classBindLink } from '../student/class-bind.ts';
import { teacherResource } from './teacher.resource.ts';
import { classQrcodeBind, renameTeacher, setTeacherRelas, teacherOptions, teacherRelaIds } from './teacher.service.ts';

const base = teacherResource.basePath;
const relaCodes = access.permission(['teacher_rela', 'teacher_view']);

/** Teacher relations, renaming, the school → grade → class tree the relations dialog ticks, and class QR codes. */
export function teacherRoutes(app: TypedApp, db: Db, tokens: TokenService): void {
  /** Every school, grade and class of the tenant, for the relations dialog. */
  app.get(`${base}/schools/grades/classes`, { config: { access: relaCodes } }, async (req) => {
    const p = principalOf(req);
    return ok(localeOf(req), await orgTree(db, p.tenantId, { kind: 'all' }));
  });

  /**
   * `select`: the tenant's live teachers by name only, for pickers read by teachers too: head teachers in class forms,
   * and whom to share a question library or a paper with (a share names the teacher's account: `userId`).
   */
  app.get(
    `${base}/select`,
    {
      config: {
        access: access.permission([
          'teacher_view',
          'clazz_view',
          'clazz_add',
          'clazz_edit',
          'question_lib_permission_add',
          'question_lib_permission_edit',
          'paper_permission_add',
          'paper_permission_edit',
        ]),
      },
    },
    async (req) => ok(localeOf(req), await teacherOptions(db, principalOf(req))),
  );

  /** `relas/{teacherId}/{schoolId}`: the ids the teacher is related to (within one school; `0` = all schools). */
  app.get(
    `${base}/relas/:teacherId/:schoolId`,
    { config: { access: relaCodes }, schema: { params: z.object({ teacherId: idSchema, schoolId: idSchema }) } },
    async (req) => {
      const { teacherId, schoolId } = req.params;
      return ok(localeOf(req), await teacherRelaIds(db, principalOf(req), teacherId, schoolId));
    },
  );

  /** `relas/{id}`: the teacher's relations become exactly the selected schools, grades and classes. */
  app.put(
    `${base}/relas/:id`,
    {
      config: { access: access.permission('teacher_rela') },
      schema: { params: z.object({ id: idSchema }), body: teacherRelasSchema },
    },
    async (req) => {
      if (req.body.teacherId !== req.params.id) throw badRequest('teacher.rela.mismatch');
      return ok(localeOf(req), await setTeacherRelas(db, principalOf(req), req.body));
    },
  );

  /** `name/{teacherId}/{name}`: renames the teacher (their account's name). */
  app.put(
    `${base}/name/:teacherId/:name`,
    {
      config: { access: access.permission('teacher_edit') },
      schema: { params: z.object({ teacherId: idSchema, name: userFormSchema.shape.realName }) },
    },
    async (req) => {
      const { teacherId, name } = req.params;
      await renameTeacher(db, principalOf(req), teacherId, name);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /**
   * A PNG QR code of a link (valid CLASS_QRCODE_DAYS days) by which a signed-in student joins the class. A teacher
   * makes one for a class they are related to; an administrator for any class, on behalf of a teacher of it.
   */
  app.post(
    `${base}/qrcode`,
    { config: { access: access.permission('clazz_qrcode') }, schema: { body: classQrcodeSchema } },
    async (req, reply) => {
      const bind = await classQrcodeBind(db, principalOf(req), req.body);
      const link = await classBindLink(tokens, `${req.protocol}://${req.host}`, bind);
      const png = await QRCode.toBuffer(link, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="class-${bind.classId}.png"`)
        .send(png);
    },
  );
}
