import { classQrcodeSchema, idSchema, TEACHER_RELA_TYPE, teacherRelasSchema, userFormSchema } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { clazz, school, teacher, teacherRela, user } from '../../../db/schema/index.ts';
import { updateAccount } from '../accounts.ts';
import { assertClassVisible, classesOfTeacher, classScope, teacherIdOf } from '../class-scope.ts';
import { orgTree } from '../clazz/org-tree.ts';
import { classBindLink } from '../student/class-bind.ts';
import { liveClass } from '../student/student.classes.ts';
import { teacherOfClass } from './teacher.names.ts';
import { teacherResource } from './teacher.resource.ts';

const base = teacherResource.basePath;
const relaCodes = access.permission(['teacher_rela', 'teacher_view']);

/** The teacher row the caller may manage (tenant, live), else 404. */
async function managedTeacher(db: Db, req: FastifyRequest, id: string) {
  const [row] = await db
    .select()
    .from(teacher)
    .where(and(await accessScope(db, teacherResource, principalOf(req)), eq(teacher.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Resolves selected ids to relations: each a live school, grade or class of the tenant, kept to the top-most. */
async function relationsOf(db: Db, tenantId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const [schools, nodes] = await Promise.all([
    db
      .select({ id: school.id })
      .from(school)
      .where(and(eq(school.tenantId, tenantId), eq(school.isDeleted, 0), inArray(school.id, wanted))),
    db
      .select({ id: clazz.id, schoolId: clazz.schoolId, parentId: clazz.parentId, category: clazz.category })
      .from(clazz)
      .where(and(eq(clazz.tenantId, tenantId), eq(clazz.isDeleted, 0), inArray(clazz.id, wanted))),
  ]);
  if (schools.length + nodes.length !== wanted.length) throw badRequest('teacher.rela.invalid');
  const schoolSet = new Set(schools.map((s) => s.id));
  const gradeSet = new Set(nodes.filter((n) => n.category === 1).map((n) => n.id));
  // A grade inside a chosen school, or a class inside a chosen grade or school, is already covered.
  const kept = nodes.filter((n) => !schoolSet.has(n.schoolId) && !(n.category === 2 && gradeSet.has(n.parentId)));
  return [
    ...schools.map((s) => ({ relaType: TEACHER_RELA_TYPE.school, relaId: s.id, schoolId: s.id })),
    ...kept.map((n) => ({
      relaType: n.category === 1 ? TEACHER_RELA_TYPE.grade : TEACHER_RELA_TYPE.class,
      relaId: n.id,
      schoolId: n.schoolId,
    })),
  ];
}

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
    async (req) => {
      const p = principalOf(req);
      const rows = await db
        .select({ id: teacher.id, userId: teacher.userId, realName: user.realName, account: user.account })
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(and(eq(teacher.tenantId, p.tenantId), eq(teacher.isDeleted, 0), eq(teacher.status, 1)))
        .orderBy(asc(user.realName), asc(teacher.id));
      return ok(localeOf(req), rows);
    },
  );

  /** `relas/{teacherId}/{schoolId}`: the ids the teacher is related to (within one school; `0` = all schools). */
  app.get(
    `${base}/relas/:teacherId/:schoolId`,
    { config: { access: relaCodes }, schema: { params: z.object({ teacherId: idSchema, schoolId: idSchema }) } },
    async (req) => {
      const { teacherId, schoolId } = req.params;
      const row = await managedTeacher(db, req, teacherId);
      const relas = await db
        .select({ relaId: teacherRela.relaId })
        .from(teacherRela)
        .where(
          and(eq(teacherRela.teacherId, row.id), schoolId === '0' ? undefined : eq(teacherRela.schoolId, schoolId)),
        );
      return ok(
        localeOf(req),
        relas.map((r) => r.relaId),
      );
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
      const p = principalOf(req);
      const { id } = req.params;
      const body = req.body;
      if (body.teacherId !== id) throw badRequest('teacher.rela.mismatch');
      const row = await managedTeacher(db, req, id);
      const relations = await relationsOf(db, p.tenantId, body.selectedRelas);
      await db.transaction(async (tx) => {
        await tx.delete(teacherRela).where(eq(teacherRela.teacherId, row.id));
        if (relations.length) {
          await tx
            .insert(teacherRela)
            .values(relations.map((r) => ({ ...r, id: newId(), tenantId: p.tenantId, teacherId: row.id })));
        }
        if (body.teacherName) await updateAccount(tx, p, 'teacher', row.userId, { realName: body.teacherName });
      });
      return ok(localeOf(req), await classesOfTeacher(db, p.tenantId, row.id));
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
      const row = await managedTeacher(db, req, teacherId);
      await updateAccount(db, principalOf(req), 'teacher', row.userId, { realName: name });
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
      const p = principalOf(req);
      const body = req.body;
      const cls = await liveClass(db, p.tenantId, body.classId);
      const scope = await classScope(db, p);
      // A teacher's own classes only (another class is, to them, not there); an administrator any class.
      assertClassVisible(scope, cls.id);
      let teacherId = scope.kind === 'teacher' ? scope.teacherId : undefined;
      if (body.teacherId && body.teacherId !== teacherId) {
        // Only an administrator makes codes in another teacher's name.
        if (scope.kind !== 'all') throw forbidden();
        teacherId = (await managedTeacher(db, req, body.teacherId)).id;
      }
      // An administrator who names no teacher speaks for the class's head teacher, else for one who teaches it.
      teacherId ??= (await teacherIdOf(db, p)) ?? (await teacherOfClass(db, p.tenantId, cls.id, cls.headTeacherId));
      if (!teacherId) throw badRequest('teacher.noneForClass');
      if (!(await classesOfTeacher(db, p.tenantId, teacherId)).includes(cls.id))
        throw badRequest('teacher.classNotRelated');
      const link = await classBindLink(tokens, `${req.protocol}://${req.host}`, {
        tenantId: p.tenantId,
        classId: cls.id,
        teacherId,
      });
      const png = await QRCode.toBuffer(link, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="class-${cls.id}.png"`)
        .send(png);
    },
  );
}
