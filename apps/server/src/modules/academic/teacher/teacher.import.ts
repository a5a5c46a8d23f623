import { type Locale, teacherFormSchema, type UserImportResult } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { mapUniqueViolation } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { RowReport } from '../../../core/excel/row-report.ts';
import { teacher } from '../../../db/schema/index.ts';
import { takenAccounts } from '../../user/user.api.ts';
import { importPeople } from '../accounts.ts';
import { teacherResource } from './teacher.resource.ts';

export const TEACHER_COLUMNS = ['account', 'realName', 'sex', 'phone', 'email', 'teacherNo', 'jobTitle'] as const;
export type TeacherRow = Record<(typeof TEACHER_COLUMNS)[number], string> & { row: number };

export const TEACHER_EXAMPLE: Record<Locale, string[]> = {
  zh: ['wanglaoshi', '王老师', '女', '13900139000', 'wang@example.com', 'T2024001', '高级讲师'],
  en: ['wanglaoshi', 'Wang Fang', 'Female', '13900139000', 'wang@example.com', 'T2024001', 'Senior lecturer'],
};

const rowSchema = teacherFormSchema.pick({
  account: true,
  realName: true,
  phone: true,
  email: true,
  teacherNo: true,
  jobTitle: true,
});

/** 导入教师: like the student import — every row checked, nothing written unless all pass, then one transaction. */
export async function importTeachers(
  db: Db,
  p: Principal,
  locale: Locale,
  rows: TeacherRow[],
): Promise<UserImportResult> {
  const report = new RowReport(locale);
  const prepared = rows.flatMap((r) => {
    const values = report.check(r.row, rowSchema, r);
    const sex = report.sex(r.row, r.sex);
    return values ? [{ row: r.row, ...values, sex }] : [];
  });
  report.uniqueIn(prepared, (x) => x.account, 'account', 'import.account.duplicate');
  report.uniqueIn(prepared, (x) => x.teacherNo ?? '', 'teacherNo', 'import.teacherNo.duplicate');
  const taken = await takenAccounts(
    db,
    p.tenantId,
    prepared.map((x) => x.account),
  );
  const numbers = prepared.map((x) => x.teacherNo ?? '').filter(Boolean);
  const takenNos = numbers.length
    ? new Set(
        (
          await db
            .select({ no: teacher.teacherNo })
            .from(teacher)
            .where(and(eq(teacher.tenantId, p.tenantId), eq(teacher.isDeleted, 0), inArray(teacher.teacherNo, numbers)))
        ).map((t) => t.no),
      )
    : new Set<string>();
  for (const x of prepared) {
    if (taken.has(x.account)) report.say(x.row, 'account', 'user.account.taken');
    if (x.teacherNo && takenNos.has(x.teacherNo)) report.say(x.row, 'teacherNo', 'teacher.teacherNo.taken');
  }
  report.throwIfAny();

  return importPeople(db, p, 'teacher', prepared, async (tx, userIds) => {
    const now = new Date();
    const teachers = prepared.map((x, i) => ({
      id: newId(),
      tenantId: p.tenantId,
      userId: userIds[i]!,
      teacherNo: x.teacherNo ?? '',
      jobTitle: x.jobTitle ?? '',
      createUser: p.userId,
      createDept: p.deptId,
      createTime: now,
      updateUser: p.userId,
      updateTime: now,
    }));
    for (let i = 0; i < teachers.length; i += 500) await tx.insert(teacher).values(teachers.slice(i, i + 500));
  }).catch((e: unknown) => mapUniqueViolation(teacherResource, e));
}
