import type { studentFormSchema } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { clazz, school, student } from '../../../db/schema/index.ts';
import { accountsById, createAccount, passwordHashOf, removeAccounts, takePerson, updateAccount } from '../accounts.ts';
import { assertClassVisible, classScope } from '../class-scope.ts';
import { idsIn } from '../names.ts';
import { closeStays, liveClass, recordClass } from './student.classes.ts';

/** The student number is unique within its school (among live students). */
export async function assertStudentNoFree(
  db: Db,
  tenantId: string,
  schoolId: string,
  studentNo: string,
  exceptId?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: student.id })
    .from(student)
    .where(
      and(
        eq(student.tenantId, tenantId),
        eq(student.schoolId, schoolId),
        eq(student.studentNo, studentNo),
        eq(student.isDeleted, 0),
        exceptId ? ne(student.id, exceptId) : undefined,
      ),
    );
  if (taken) throw badRequest('student.studentNo.taken');
}

const grade = alias(clazz, 'grade');

/** Class, grade and school names of these class ids, in one query. */
export async function classNames(db: Db, classIds: string[]) {
  const classes = classIds.length
    ? await db
        .select({ id: clazz.id, className: clazz.name, gradeName: grade.name, schoolName: school.name })
        .from(clazz)
        .leftJoin(grade, eq(grade.id, clazz.parentId))
        .leftJoin(school, eq(school.id, clazz.schoolId))
        .where(inArray(clazz.id, classIds))
    : [];
  return new Map(
    classes.map((c) => [
      c.id,
      { className: c.className, gradeName: c.gradeName ?? '', schoolName: c.schoolName ?? '' },
    ]),
  );
}

/** Students with their account's name, sex, phone and the names of their class, grade and school. */
export async function withStudentDetails<R extends Record<string, unknown>>(db: Db, rows: R[]) {
  const [accounts, classes] = await Promise.all([
    accountsById(db, idsIn(rows, 'userId')),
    classNames(db, idsIn(rows, 'classId')),
  ]);
  return rows.map((r) => {
    const u = accounts.get(String(r.userId));
    return {
      ...r,
      account: u?.account ?? '',
      realName: u?.realName ?? '',
      sex: u?.sex ?? 0,
      phone: u?.phone ?? '',
      className: '',
      gradeName: '',
      schoolName: '',
      ...classes.get(String(r.classId)),
    };
  });
}

/**
 * A student is a user account with the tenant's `student` role: adding one creates the account, editing copies
 * name, sex, phone, account and status to it, removing removes it. A class change keeps the history.
 */
export const studentHooks: ResourceHooks<typeof studentFormSchema, typeof student.$inferSelect> = {
  async beforeSave({ db, principal, values, existing, next }) {
    const person = takePerson(values);
    const cls = await liveClass(db, principal.tenantId, next.classId);
    // Whoever may edit students may place them only in classes they reach.
    assertClassVisible(await classScope(db, principal), cls.id);
    values.schoolId = cls.schoolId;
    const studentNo = next.studentNo;
    await assertStudentNoFree(db, principal.tenantId, cls.schoolId, studentNo, existing?.id);
    if (existing) {
      await updateAccount(db, principal, 'student', existing.userId, person);
      return;
    }
    const passwordHash = await passwordHashOf(person);
    values.userId = await createAccount(db, principal, 'student', {
      ...person,
      account: person.account || studentNo,
      passwordHash,
    });
  },

  async afterSave({ db, principal, row }) {
    await recordClass(db, principal, row.id, row.classId);
  },

  async beforeRemove({ db, principal, scope, ids }) {
    const rows = await db
      .select({ userId: student.userId })
      .from(student)
      .where(and(scope, inArray(student.id, ids)));
    await removeAccounts(
      db,
      principal,
      'student',
      rows.map((r) => r.userId),
    );
    await closeStays(db, ids);
  },

  afterLoad: (rows, { db }) => withStudentDetails(db, rows),
};
