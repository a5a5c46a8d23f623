import {
  type Bin,
  capability,
  decimal,
  type FrozenPoint,
  histogram,
  limitsOf,
  type PracticalResults,
  specOf,
} from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { practicalStudent, practicalStudentInspection, practicalStudentPoint } from '../../../db/schema/index.ts';
import { classNamesById, flagNames } from '../../academic/academic.api.ts';
import { examShareByKnowledge } from '../../assignment/assignment.api.ts';
import { managedAssignment } from './assignment.policy.ts';

const MICROS = 1_000_000;
const num = (micros: bigint) => Number(micros) / MICROS;
const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * `GET practical_teacher/results/:id[?classId]`: the handed-in records of an assignment — which points and items
 * fail most, per measured item the values against the tolerance (histogram, mean shift, Cp/Cpk), and by knowledge
 * point the practical share beside the exam share of the same classes.
 */
export async function practicalResults(db: Db, p: Principal, id: string, classId?: string): Promise<PracticalResults> {
  const a = await managedAssignment(db, p, id);
  const classIds = classId ? a.classIds.filter((c) => c === classId) : a.classIds;
  const attempts = await db
    .select({ id: practicalStudent.id, score: practicalStudent.score, criticalFailed: practicalStudent.criticalFailed })
    .from(practicalStudent)
    .where(
      and(
        eq(practicalStudent.practicalTeacherId, a.id),
        eq(practicalStudent.isDeleted, 0),
        inArray(practicalStudent.state, ['submitted', 'marked']),
        classIds.length ? inArray(practicalStudent.classId, classIds) : undefined,
      ),
    );
  const ids = attempts.map((s) => s.id);
  const [items, points, classNames, exam] = await Promise.all([
    ids.length
      ? db
          .select({
            inspectionId: practicalStudentInspection.inspectionId,
            result: practicalStudentInspection.result,
            value: practicalStudentInspection.value,
          })
          .from(practicalStudentInspection)
          .where(inArray(practicalStudentInspection.practicalStudentId, ids))
      : Promise.resolve([]),
    ids.length
      ? db
          .select({
            pointId: practicalStudentPoint.pointId,
            score: practicalStudentPoint.score,
            passed: practicalStudentPoint.passed,
          })
          .from(practicalStudentPoint)
          .where(inArray(practicalStudentPoint.practicalStudentId, ids))
      : Promise.resolve([]),
    classNamesById(db, a.classIds),
    examShareByKnowledge(db, a.tenantId, classIds),
  ]);
  const content = a.content as FrozenPoint[];
  const n = attempts.length;

  const pointFigures = content.map((point) => {
    const rows = points.filter((r) => r.pointId === point.id);
    const sum = rows.reduce((s, r) => s + r.score, 0);
    return {
      id: point.id,
      name: point.name,
      score: point.score,
      critical: point.critical,
      mean: rows.length ? round(sum / rows.length, 1) : null,
      failed: rows.filter((r) => !r.passed).length,
      share: rows.length && point.score > 0 ? round(sum / rows.length / point.score) : null,
    };
  });

  const itemFigures = content.flatMap((point) =>
    point.items.map((item) => {
      const rows = items.filter((r) => r.inspectionId === item.id);
      const base = {
        id: item.id,
        pointId: point.id,
        pointName: point.name,
        name: item.name,
        kind: item.kind,
        unit: item.unit,
        nominal: item.nominal,
        lowerDeviation: item.lowerDeviation,
        upperDeviation: item.upperDeviation,
        recorded: rows.filter((r) => r.result !== 'missing').length,
        failed: rows.filter((r) => r.result === 'fail').length,
      };
      if (item.kind !== 'measure') return { ...base, values: [], bins: [] as Bin[], capability: null };
      const limits = limitsOf(specOf(item));
      const values = rows.flatMap((r) => (r.value === null ? [] : [Number(r.value)]));
      const lower = limits.lower === undefined ? undefined : num(limits.lower);
      const upper = limits.upper === undefined ? undefined : num(limits.upper);
      const c = capability(values, { lower, upper, nominal: num(decimal(item.nominal ?? '0')) });
      return {
        ...base,
        values,
        lower: lower ?? null,
        upper: upper ?? null,
        bins: histogram(values, num(decimal(item.resolution ?? '0.01')), { lower, upper }),
        capability: {
          n: c.n,
          mean: round(c.mean, 4),
          sd: round(c.sd, 4),
          shift: round(c.shift, 4),
          cp: c.cp === undefined ? null : round(c.cp, 2),
          cpk: c.cpk === undefined ? null : round(c.cpk, 2),
        },
      };
    }),
  );

  const flagIds = [...new Set(content.flatMap((point) => point.flagIds))];
  const names = await flagNames(db, flagIds);
  const knowledge = flagIds.map((flagId) => {
    const filed = pointFigures.filter((f) => content.find((c) => c.id === f.id)!.flagIds.includes(flagId));
    const max = filed.reduce((s, f) => s + f.score, 0);
    const got = filed.reduce((s, f) => s + (f.mean ?? 0), 0);
    return {
      flagId,
      name: names.get(flagId) ?? '',
      practical: n && max > 0 ? round(got / max) : null,
      exam: exam.has(flagId) ? round(exam.get(flagId)!) : null,
    };
  });

  const scores = attempts.map((s) => s.score);
  return {
    id: a.id,
    title: a.title,
    totalScore: a.totalScore,
    passScore: a.passScore,
    classes: a.classIds.map((c) => ({ id: c, name: classNames.get(c) ?? '' })),
    summary: {
      handedIn: n,
      mean: n ? round(scores.reduce((s, x) => s + x, 0) / n, 1) : null,
      passed: attempts.filter((s) => s.criticalFailed === 0 && s.score >= a.passScore).length,
      criticalFailed: attempts.filter((s) => s.criticalFailed === 1).length,
    },
    points: pointFigures,
    items: itemFigures.sort((x, y) => y.failed - x.failed),
    knowledge,
  };
}
