import {
  type ClassBindInfo,
  classBindSchema,
  idListSchema,
  idSchema,
  type MyClass,
  type StudentClassStay,
} from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { student, studentClass, term, user } from '../../../db/schema/index.ts';
import { resetPasswords } from '../../user/user.api.ts';
import { assertMayActOnPeople } from '../accounts.ts';
import { classesTeachers } from '../teacher/teacher.names.ts';
import { readBindCode } from './class-bind.ts';
import { liveClass, recordClass } from './student.classes.ts';
import { assertStudentNoFree, classNames, withStudentDetails } from './student.hooks.ts';
import { studentResource } from './student.resource.ts';

const base = studentResource.basePath;

/** Student password reset, class history, the student's own class, and joining a class by QR code. */
export function studentRoutes(app: TypedApp, db: Db, tokens: TokenService): void {
  /** Live students among these ids that the caller may reach (class scope), else 404. */
  const visible = async (req: FastifyRequest, ids: string[]) => {
    const rows = await db
      .select()
      .from(student)
      .where(and(await accessScope(db, studentResource, principalOf(req)), inArray(student.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound();
    return rows;
  };

  /** `reset-password?ids=` (student ids): new passwords for their accounts, shown once. */
  app.post(
    `${base}/reset-password`,
    {
      config: { access: access.permission('student_reset') },
      schema: { querystring: z.object({ ids: idListSchema }) },
    },
    async (req) => {
      const rows = await visible(req, req.query.ids);
      const accounts = await db
        .select({ id: user.id, account: user.account })
        .from(user)
        .where(
          inArray(
            user.id,
            rows.map((r) => r.userId),
          ),
        );
      await assertMayActOnPeople(
        db,
        principalOf(req),
        'student',
        accounts.map((a) => a.id),
      );
      return ok(localeOf(req), await resetPasswords(db, accounts));
    },
  );

  /** `classes?id=`: every class the student has been in, oldest first. */
  app.get(
    `${base}/classes`,
    { config: { access: access.permission('student_view') }, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => {
      const [row] = await visible(req, [req.query.id]);
      const stays = await db
        .select()
        .from(studentClass)
        .where(eq(studentClass.studentId, row!.id))
        .orderBy(asc(studentClass.startTime), asc(studentClass.id));
      const names = await classNames(
        db,
        stays.map((s) => s.classId),
      );
      const list: StudentClassStay[] = stays.map((s) => ({
        classId: s.classId,
        className: names.get(s.classId)?.className ?? '',
        gradeName: names.get(s.classId)?.gradeName ?? '',
        startTime: s.startTime.toISOString(),
        endTime: s.endTime?.toISOString() ?? null,
      }));
      return ok(localeOf(req), list);
    },
  );

  /** The signed-in student's own record, current term and teachers; 404 for anyone who is not a student. */
  app.get(`${base}/mine`, { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const [own] = await db
      .select()
      .from(student)
      .where(and(eq(student.tenantId, p.tenantId), eq(student.userId, p.userId), eq(student.isDeleted, 0)));
    if (!own) throw notFound();
    const [detailed] = await withStudentDetails(db, [own]);
    const [current] = await db
      .select({ name: term.name })
      .from(term)
      .where(and(eq(term.schoolId, own.schoolId), eq(term.isCurrent, 1), eq(term.isDeleted, 0)));
    const teachers = await classesTeachers(db, p.tenantId, own.classId);
    const mine: MyClass = {
      student: studentResource.present(detailed!) as MyClass['student'],
      termName: current?.name ?? '',
      headTeacherName: teachers.head,
      teacherNames: teachers.all,
    };
    return ok(localeOf(req), mine);
  });

  /** What a class QR code leads to, for the student to confirm; any signed-in user of that tenant may ask. */
  app.get(
    `${base}/bind-info`,
    { config: { access: access.signedIn }, schema: { querystring: classBindSchema } },
    async (req) => {
      const p = principalOf(req);
      const bind = await readBindCode(tokens, req.query.code);
      if (bind.tenantId !== p.tenantId) throw badRequest('student.bind.otherTenant');
      const cls = await liveClass(db, p.tenantId, bind.classId);
      const names = (await classNames(db, [cls.id])).get(cls.id)!;
      const teachers = await classesTeachers(db, p.tenantId, cls.id, bind.teacherId);
      const info: ClassBindInfo = { ...names, teacherName: teachers.named, expiresAt: bind.expiresAt.toISOString() };
      return ok(localeOf(req), info);
    },
  );

  /** The signed-in student joins the class the code names; their class history records the move. */
  app.post(`${base}/bind`, { config: { access: access.signedIn }, schema: { body: classBindSchema } }, async (req) => {
    const p = principalOf(req);
    const bind = await readBindCode(tokens, (req.body as { code: string }).code);
    if (bind.tenantId !== p.tenantId) throw badRequest('student.bind.otherTenant');
    const [own] = await db
      .select()
      .from(student)
      .where(and(eq(student.tenantId, p.tenantId), eq(student.userId, p.userId), eq(student.isDeleted, 0)));
    if (!own) throw badRequest('student.notStudent');
    const cls = await liveClass(db, p.tenantId, bind.classId);
    if (cls.schoolId !== own.schoolId) await assertStudentNoFree(db, p.tenantId, cls.schoolId, own.studentNo);
    await db.transaction(async (tx) => {
      await tx
        .update(student)
        .set({ classId: cls.id, schoolId: cls.schoolId, updateUser: p.userId, updateTime: new Date() })
        .where(eq(student.id, own.id));
      await recordClass(tx, p, own.id, cls.id);
    });
    return ok(localeOf(req), null, 'ok.default');
  });
}
