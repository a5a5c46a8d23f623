import { type Locale, type MessageKey, translate } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { buildWorkbook } from '../../../core/excel/sheet.ts';
import { practicalStudent, practicalStudentPoint } from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';
import { practicalResults } from './assignment.results.ts';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** `GET practical_teacher/results/:id/export`: the record sheet and the items' figures as .xlsx, in the caller's language. */
export async function practicalResultsExport(
  db: Db,
  p: Principal,
  id: string,
  locale: Locale,
): Promise<{ body: Buffer; name: string }> {
  const results = await practicalResults(db, p, id);
  const t = (key: MessageKey) => translate(locale, key);
  const attempts = await db
    .select()
    .from(practicalStudent)
    .where(and(eq(practicalStudent.practicalTeacherId, results.id), eq(practicalStudent.isDeleted, 0)))
    .orderBy(asc(practicalStudent.classId), asc(practicalStudent.studentId));
  const [names, points] = await Promise.all([
    studentNames(
      db,
      attempts.map((s) => s.studentId),
    ),
    attempts.length
      ? db
          .select()
          .from(practicalStudentPoint)
          .where(
            inArray(
              practicalStudentPoint.practicalStudentId,
              attempts.map((s) => s.id),
            ),
          )
      : Promise.resolve([]),
  ]);
  const who = new Map(names.map((n) => [n.id, n]));
  const scoreOf = new Map(points.map((r) => [`${r.practicalStudentId}:${r.pointId}`, r.score]));
  const handedIn = (state: string) => state === 'submitted' || state === 'marked';
  const students = {
    name: t('practical.export.students'),
    header: [
      t('practical.export.student'),
      t('practical.export.studentNo'),
      t('practical.export.class'),
      t('practical.export.state'),
      ...results.points.map((point) => point.name),
      t('practical.export.score'),
      t('practical.export.criticalFailed'),
    ],
    rows: attempts.map((s) => [
      who.get(s.studentId)?.name ?? '',
      who.get(s.studentId)?.no ?? '',
      who.get(s.studentId)?.className ?? '',
      t(`practical.state.${s.state}` as MessageKey),
      ...results.points.map((point) => (handedIn(s.state) ? text(scoreOf.get(`${s.id}:${point.id}`)) : '')),
      handedIn(s.state) ? text(s.score) : '',
      s.criticalFailed ? t('practical.export.yes') : '',
    ]),
  };
  const items = {
    name: t('practical.export.items'),
    header: [
      t('practical.export.point'),
      t('practical.export.item'),
      t('practical.export.tolerance'),
      t('practical.export.recorded'),
      t('practical.export.failed'),
      t('practical.export.mean'),
      t('practical.export.shift'),
      'Cp',
      'Cpk',
    ],
    rows: results.items.map((i) => [
      i.pointName,
      i.name,
      i.kind === 'measure'
        ? `${i.nominal ?? ''} ${i.lowerDeviation ?? ''}/${i.upperDeviation ?? ''} ${i.unit}`.trim()
        : '',
      text(i.recorded),
      text(i.failed),
      text(i.capability?.mean),
      text(i.capability?.shift),
      text(i.capability?.cp),
      text(i.capability?.cpk),
    ]),
  };
  const body = await buildWorkbook([students, items]);
  return { body, name: `${results.title}-${t('practical.export.file')}.xlsx` };
}
