import { type Locale, paperTitleFormSchema, paperTitleSchema } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { paperQuestion, paperTitle } from '../../db/schema/index.ts';
import { paperPolicy } from './paper.policy.ts';
import { recomputeTotals } from './paper.totals.ts';

type TitleRow = typeof paperTitle.$inferSelect;

const titleHooks: ResourceHooks<typeof paperTitleFormSchema, TitleRow> = {
  /** A section is added to a paper the caller may change (the tree rules keep it there). */
  async beforeSave({ db, principal, values, existing }) {
    if (!existing) await paperPolicy.editable(db, principal, values.paperId!);
  },

  /** A section's questions go with it. */
  async beforeRemove({ db, principal, ids }) {
    await db
      .update(paperQuestion)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(and(inArray(paperQuestion.titleId, ids), eq(paperQuestion.isDeleted, 0)));
  },

  async onRemoved({ db, rows }) {
    await recomputeTotals(
      db,
      rows.map((r) => String(r.paperId)),
    );
  },
};

/**
 * 大题/小节 (`/api/jd/pc/paper_title`; `title/*` of `/api/exam/pc/paper` in paper.routes.ts and the tree calls
 * below): a tree within one paper, readable with the paper and changed by those who may change it.
 */
export const paperTitleResource = defineResource({
  name: 'paper_title',
  basePath: '/api/jd/pc/paper_title',
  table: paperTitle,
  scope: 'tenant',
  ...paperPolicy.policyOn(paperTitle.paperId),
  form: paperTitleFormSchema,
  filters: {
    paperId: filter.eqId(paperTitle.paperId),
    parentId: filter.eqId(paperTitle.parentId),
    name: filter.like(paperTitle.name),
  },
  sorts: { sort: paperTitle.sort, createTime: paperTitle.createTime },
  defaultSort: [asc(paperTitle.paperId), asc(paperTitle.sort), asc(paperTitle.id)],
  tree: {
    parent: paperTitle.parentId,
    sort: paperTitle.sort,
    partition: [paperTitle.paperId],
    title: (row: TitleRow, _locale: Locale) => row.name,
    cascade: true,
    messages: {
      parent: 'paper.section.invalid',
      loop: 'paper.section.loop',
      hasChildren: 'paper.section.hasChildren',
      partitionFixed: 'paper.section.fixed',
    },
    calls: {
      basePath: '/api/exam/pc/paper/title',
      upDown: { up: 'tree/move/up', down: 'tree/move/down' },
      copy: { path: 'copy/:id', nameColumn: paperTitle.name },
    },
  },
  hooks: titleHooks,
  present: presenter(paperTitleSchema),
});
