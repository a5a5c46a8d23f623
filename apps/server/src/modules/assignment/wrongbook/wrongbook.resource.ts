import { wrongbookFormSchema, wrongbookSchema } from '@shixun/contracts';
import { arrayContains, desc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher, wrongbook } from '../../../db/schema/index.ts';
import { flagNames } from '../../academic/academic.api.ts';
import { plainTitle, snapshotStems } from '../../question/question.api.ts';
import { keyAccessOf } from '../assignment/assignment.keys.ts';

type WrongbookRow = typeof wrongbook.$inferSelect;

const hooks: ResourceHooks<typeof wrongbookFormSchema, WrongbookRow> = {
  /** Entries come from released results only; a student changes their state. */
  async beforeSave({ existing }) {
    if (!existing) throw badRequest('wrongbook.invalid');
  },

  /** Each entry with its question's type and first line, where it came from and its knowledge points' names. */
  async afterLoad(rows, { db }) {
    if (!rows.length) return [];
    const [inst, sources, points] = await Promise.all([
      snapshotStems(
        db,
        rows.map((r) => r.questionInstId),
      ),
      db
        .select({
          id: paperStudent.id,
          a: {
            id: paperTeacher.id,
            title: paperTeacher.title,
            kind: paperTeacher.kind,
            keyTiming: paperTeacher.keyTiming,
            reviewPolicy: paperTeacher.reviewPolicy,
            closeTime: paperTeacher.closeTime,
            graceSeconds: paperTeacher.graceSeconds,
          },
        })
        .from(paperStudent)
        .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
        .where(
          inArray(
            paperStudent.id,
            rows.map((r) => r.paperStudentId),
          ),
        ),
      flagNames(
        db,
        rows.flatMap((r) => r.flagIds),
      ),
    ]);
    const source = new Map(sources.map((s) => [s.id, s.a]));
    const access = await keyAccessOf(db, [...new Map(sources.map((s) => [s.a.id, s.a])).values()]);
    return rows.map((r) => {
      const from = source.get(r.paperStudentId);
      const keys = from ? access.get(from.id) : undefined;
      return {
        ...r,
        type: inst.get(r.questionInstId)?.type ?? 'short',
        title: plainTitle(inst.get(r.questionInstId)?.stem ?? ''),
        source: from?.title ?? '',
        points: r.flagIds.map((id) => points.get(id)).filter((n): n is string => Boolean(n)),
        practiceFrom: keys?.from?.toISOString() ?? null,
        keyVisible: keys?.key ?? false,
      };
    });
  },
};

/**
 * 错题本 (`/api/exam/pc/wrongbook`): a student's own wrong answers (collected when results are released), to filter
 * by state and knowledge point, practise again (wrongbook.routes: practice, check), mark mastered by hand or remove.
 */
export const wrongbookResource = defineResource({
  name: 'wrongbook',
  basePath: '/api/exam/pc/wrongbook',
  listPath: 'page',
  table: wrongbook,
  scope: 'tenant',
  // A wrong-answer book is its student's alone.
  rowScope: async (_db, p) => eq(wrongbook.userId, p.userId),
  form: wrongbookFormSchema,
  filters: {
    state: filter.eqString(wrongbook.state),
    flagId: {
      schema: filter.eqId(wrongbook.id).schema,
      where: (v) => (typeof v === 'string' && v !== '' ? arrayContains(wrongbook.flagIds, [v]) : undefined),
    },
  },
  sorts: { updateTime: wrongbook.updateTime, wrongCount: wrongbook.wrongCount },
  defaultSort: [desc(wrongbook.updateTime), desc(wrongbook.id)],
  hooks,
  present: presenter(wrongbookSchema),
});
