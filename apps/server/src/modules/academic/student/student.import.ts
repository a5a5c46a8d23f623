import { type Locale, studentFormSchema, type UserImportResult } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { mapUniqueViolation } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { RowReport } from '../../../core/excel/row-report.ts';
import { student, studentClass } from '../../../db/schema/index.ts';
import { takenAccounts } from '../../user/user.api.ts';
import { importPeople } from '../accounts.ts';
import { classScope } from '../class-scope.ts';
import { orgTree } from '../clazz/org-tree.ts';
import { studentResource } from './student.resource.ts';

/** The template's columns in order; `className` is 年级/班级 (or 学校/年级/班级, or the class alone when unique). */
export const STUDENT_COLUMNS = ['studentNo', 'realName', 'sex', 'phone', 'account', 'className'] as const;
export type StudentRow = Record<(typeof STUDENT_COLUMNS)[number], string> & { row: number };

export const STUDENT_EXAMPLE: Record<Locale, string[]> = {
  zh: ['20240101', '张三', '男', '13800138000', '', '2024级/1班'],
  en: ['20240101', 'Zhang San', 'Male', '13800138000', '', 'Grade 2024/Class 1'],
};

interface ClassRef {
  id: string;
  schoolId: string;
}

/** Every way a row may name a class the caller reaches → the classes it could mean. */
async function classesByName(db: Db, p: Principal): Promise<Map<string, ClassRef[]>> {
  const byName = new Map<string, ClassRef[]>();
  const add = (name: string, ref: ClassRef) => byName.set(name, [...(byName.get(name) ?? []), ref]);
  for (const s of await orgTree(db, p.tenantId, await classScope(db, p))) {
    for (const g of s.children ?? []) {
      for (const c of g.children ?? []) {
        const ref = { id: c.id, schoolId: s.id };
        add(c.title, ref);
        add(`${g.title}/${c.title}`, ref);
        add(`${s.title}/${g.title}/${c.title}`, ref);
      }
    }
  }
  return byName;
}

const rowSchema = studentFormSchema.pick({ studentNo: true, realName: true, phone: true, account: true });

/**
 * 导入学生: every row is checked — the student form's rules, the class it names, student numbers repeated in the file
 * or taken in that school, accounts repeated or taken — and nothing is written unless all pass. Then the accounts
 * (role `student`), the students and their first class stay go in in one transaction. `classId` is the class for
 * rows that leave the class column empty.
 */
export async function importStudents(
  db: Db,
  p: Principal,
  locale: Locale,
  rows: StudentRow[],
  defaultClassId?: string,
): Promise<UserImportResult> {
  const report = new RowReport(locale);
  const classes = await classesByName(db, p);
  const fallback = defaultClassId ? [...classes.values()].flat().find((c) => c.id === defaultClassId) : undefined;
  const prepared = rows.flatMap((r) => {
    const values = report.check(r.row, rowSchema, { ...r, phone: r.phone, account: r.account });
    const sex = report.sex(r.row, r.sex);
    const name = r.className.replace(/\s*\/\s*/g, '/');
    const found = name ? (classes.get(name) ?? []) : fallback ? [fallback] : [];
    if (found.length === 0)
      report.say(r.row, 'className', name ? 'import.class.unknown' : 'import.class.required', { name });
    if (found.length > 1) report.say(r.row, 'className', 'import.class.ambiguous', { name });
    if (!values || found.length !== 1) return [];
    return [{ row: r.row, ...values, account: values.account || values.studentNo, sex, cls: found[0]! }];
  });
  report.uniqueIn(prepared, (x) => `${x.cls.schoolId}/${x.studentNo}`, 'studentNo', 'import.studentNo.duplicate');
  // An account left empty is the student number: a repeated number is reported once, under the number.
  const accountRows = prepared.filter((x) => x.account !== x.studentNo || !report.faulty.has(x.row));
  report.uniqueIn(accountRows, (x) => x.account, 'account', 'import.account.duplicate');

  const numbers = [...new Set(prepared.map((x) => x.studentNo))];
  const existing = numbers.length
    ? await db
        .select({ schoolId: student.schoolId, studentNo: student.studentNo })
        .from(student)
        .where(and(eq(student.tenantId, p.tenantId), eq(student.isDeleted, 0), inArray(student.studentNo, numbers)))
    : [];
  const takenNos = new Set(existing.map((e) => `${e.schoolId}/${e.studentNo}`));
  const taken = await takenAccounts(
    db,
    p.tenantId,
    prepared.map((x) => x.account),
  );
  for (const x of prepared) {
    if (takenNos.has(`${x.cls.schoolId}/${x.studentNo}`)) report.say(x.row, 'studentNo', 'student.studentNo.taken');
    if (taken.has(x.account)) report.say(x.row, 'account', 'user.account.taken');
  }
  report.throwIfAny();

  return importPeople(db, p, 'student', prepared, async (tx, userIds) => {
    const now = new Date();
    const students = prepared.map((x, i) => ({
      id: newId(),
      tenantId: p.tenantId,
      userId: userIds[i]!,
      schoolId: x.cls.schoolId,
      classId: x.cls.id,
      studentNo: x.studentNo,
      createUser: p.userId,
      createDept: p.deptId,
      createTime: now,
      updateUser: p.userId,
      updateTime: now,
    }));
    for (let i = 0; i < students.length; i += 500) await tx.insert(student).values(students.slice(i, i + 500));
    const stays = students.map((s) => ({
      id: newId(),
      tenantId: p.tenantId,
      studentId: s.id,
      classId: s.classId,
      startTime: now,
      createUser: p.userId,
    }));
    for (let i = 0; i < stays.length; i += 500) await tx.insert(studentClass).values(stays.slice(i, i + 500));
  }).catch((e: unknown) => mapUniqueViolation(studentResource, e));
}
