import { classBindSchema, idListSchema, idSchema, type MyClass } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { readBindCode } from './class-bind.ts';
import { studentResource } from './student.resource.ts';
import { bindToClass, classBindInfo, ownClass, resetStudentPasswords, studentClassStays } from './student.service.ts';

const base = studentResource.basePath;

/** Student password reset, class history, the student's own class, and joining a class by QR code. */
export function studentRoutes(app: TypedApp, db: Db, tokens: TokenService): void {
  /** `reset-password?ids=` (student ids): new passwords for their accounts, shown once. */
  app.post(
    `${base}/reset-password`,
    {
      config: { access: access.permission('student_reset') },
      schema: { querystring: z.object({ ids: idListSchema }) },
    },
    async (req) => ok(localeOf(req), await resetStudentPasswords(db, principalOf(req), req.query.ids)),
  );

  /** `classes?id=`: every class the student has been in, oldest first. */
  app.get(
    `${base}/classes`,
    { config: { access: access.permission('student_view') }, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => ok(localeOf(req), await studentClassStays(db, principalOf(req), req.query.id)),
  );

  /** The signed-in student's own record, current term and teachers; 404 for anyone who is not a student. */
  app.get(`${base}/mine`, { config: { access: access.signedIn } }, async (req) => {
    const { student, ...rest } = await ownClass(db, principalOf(req));
    const mine: MyClass = { student: studentResource.present(student) as MyClass['student'], ...rest };
    return ok(localeOf(req), mine);
  });

  /** What a class QR code leads to, for the student to confirm; any signed-in user of that tenant may ask. */
  app.get(
    `${base}/bind-info`,
    { config: { access: access.signedIn }, schema: { querystring: classBindSchema } },
    async (req) => {
      const p = principalOf(req);
      const bind = await readBindCode(tokens, req.query.code);
      return ok(localeOf(req), await classBindInfo(db, p, bind));
    },
  );

  /** The signed-in student joins the class the code names; their class history records the move. */
  app.post(`${base}/bind`, { config: { access: access.signedIn }, schema: { body: classBindSchema } }, async (req) => {
    const p = principalOf(req);
    const bind = await readBindCode(tokens, req.body.code);
    await bindToClass(db, p, bind);
    return ok(localeOf(req), null, 'ok.default');
  });
}
