import {
  practicalPaperFormSchema,
  practicalPaperPermissionFormSchema,
  practicalPaperPermissionSchema,
  practicalPaperSchema,
} from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { practicalInspection, practicalPaper, practicalPoint } from '../../db/schema/index.ts';
import { practicalPolicy } from './practical.policy.ts';

type Row = typeof practicalPaper.$inferSelect;
const shared = practicalPolicy.hooks<typeof practicalPaperFormSchema>();

const paperHooks: ResourceHooks<typeof practicalPaperFormSchema, Row> = {
  async beforeSave(ctx) {
    await shared.beforeSave?.(ctx);
    const total = ctx.existing?.totalScore ?? 0;
    const pass = ctx.values.passScore;
    if (pass !== undefined && total > 0 && pass > total) throw badRequest('paper.passScore.tooHigh', { pass, total });
  },

  /** A task goes with its points and items, and its shares (only its owner deletes it). */
  async beforeRemove(ctx) {
    await shared.beforeRemove?.(ctx);
    const gone = { isDeleted: 1, updateUser: ctx.principal.userId, updateTime: new Date() };
    for (const table of [practicalPoint, practicalInspection]) {
      await ctx.db
        .update(table)
        .set(gone)
        .where(and(inArray(table.paperId, ctx.ids), eq(table.isDeleted, 0)));
    }
  },

  /** Each task with what the caller may do with it, its owner's name and how many points it has. */
  async afterLoad(rows, ctx) {
    const loaded = (await shared.afterLoad?.(rows, ctx)) ?? rows;
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await ctx.db
          .select({ paperId: practicalPoint.paperId, n: count() })
          .from(practicalPoint)
          .where(and(inArray(practicalPoint.paperId, ids), eq(practicalPoint.isDeleted, 0)))
          .groupBy(practicalPoint.paperId)
      : [];
    const n = new Map(counts.map((c) => [c.paperId, c.n]));
    return loaded.map((r) => ({ ...r, pointCount: n.get(String(r.id)) ?? 0 }));
  },
};

/**
 * 实训考核 (`/api/jd/pc/practical_paper`): a teacher's own practical tasks, those shared with them or their school, and
 * the published ones (`publicLib_page`); `my_paper_list` and `shared_paper_list` as for papers.
 */
export const practicalPaperResource = defineResource({
  name: 'practical_paper',
  basePath: '/api/jd/pc/practical_paper',
  table: practicalPaper,
  scope: 'tenant',
  ...practicalPolicy.policy,
  form: practicalPaperFormSchema,
  filters: {
    title: filter.like(practicalPaper.title),
    discipline: filter.eqString(practicalPaper.discipline),
    isPublic: filter.eqInt(practicalPaper.isPublic),
    createUser: filter.eqId(practicalPaper.createUser),
  },
  sorts: {
    title: practicalPaper.title,
    totalScore: practicalPaper.totalScore,
    createTime: practicalPaper.createTime,
    updateTime: practicalPaper.updateTime,
  },
  defaultSort: [desc(practicalPaper.updateTime), desc(practicalPaper.id)],
  extraLists: practicalPolicy.lists({ public: 'publicLib_page', mine: 'my_paper_list', shared: 'shared_paper_list' }),
  hooks: paperHooks,
  present: presenter(practicalPaperSchema),
});

/** 实训考核共享 (`/api/jd/pc/practical_paper_permission`): only the task's owner sees and changes its shares. */
export const practicalPaperPermissionResource = practicalPolicy.shareResource({
  name: 'practical_paper_permission',
  basePath: '/api/jd/pc/practical_paper_permission',
  form: practicalPaperPermissionFormSchema,
  schema: practicalPaperPermissionSchema,
  targetKey: 'paperId',
});
