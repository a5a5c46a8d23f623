import { type Locale, translate } from '@shixun/contracts';
import { and } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { accessScope, filterConditions, orderOf } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { buildSheet, EXPORT_MAX_ROWS, headerOf, sexLabel } from '../../../core/excel/sheet.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { student } from '../../../db/schema/index.ts';
import { withStudentDetails } from './student.hooks.ts';
import { STUDENT_COLUMNS } from './student.import.ts';
import { studentResource } from './student.resource.ts';

/** What the student page lists: its declared filters, and its sorts. */
export type StudentExportQuery = Record<string, unknown> & { ascs?: string | undefined; descs?: string | undefined };

/** The roster workbook: the students the page lists with these filters (a teacher: of their classes only). */
export async function exportStudents(db: Db, p: Principal, locale: Locale, q: StudentExportQuery): Promise<Buffer> {
  const rows = await db
    .select()
    .from(student)
    .where(and(await accessScope(db, studentResource, p), ...filterConditions(studentResource, q)))
    .orderBy(...orderOf(studentResource, q.ascs, q.descs))
    .limit(EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw badRequest('user.export.tooMany', { max: EXPORT_MAX_ROWS });
  const detailed = await withStudentDetails(db, rows);
  const cells = detailed.map((s) => [
    s.studentNo,
    s.realName,
    sexLabel(locale, s.sex),
    s.phone,
    s.account,
    [s.gradeName, s.className].filter(Boolean).join('/'),
    translate(locale, s.status === 1 ? 'user.status.1' : 'user.status.0'),
  ]);
  const header = headerOf(locale, [...STUDENT_COLUMNS, 'status']);
  return buildSheet(translate(locale, 'excel.student.sheet'), header, cells);
}
