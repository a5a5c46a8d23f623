import { coursePaperFormSchema, coursePaperSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { coursePaper } from '../../db/schema/index.ts';
import { paperPolicy, paperSummaries } from '../paper/paper.api.ts';
import { coursePolicy } from './course.policy.ts';
import { editableTopic } from './courseware.rules.ts';

type CoursePaperRow = typeof coursePaper.$inferSelect;

const hooks: ResourceHooks<typeof coursePaperFormSchema, CoursePaperRow> = {
  /** On a topic of a course the caller may change; a paper they may read; it stays on its course. */
  async beforeSave({ db, principal, values, existing }) {
    if (values.courseSubId && values.courseSubId !== existing?.courseSubId) {
      const topic = await editableTopic(db, principal, values.courseSubId);
      if (existing && topic.courseId !== existing.courseId) throw badRequest('course.topic.fixed');
      values.courseId = topic.courseId;
    }
    if (values.paperId && values.paperId !== existing?.paperId) {
      await paperPolicy.readable(db, principal, values.paperId);
    }
  },

  /** Each with its paper's title, type and total (a paper removed since still shows its title). */
  async afterLoad(rows, { db }) {
    const papers = await paperSummaries(
      db,
      rows.map((r) => r.paperId),
    );
    return rows.map((r) => {
      const p = papers.get(r.paperId);
      return {
        ...r,
        paperTitle: p?.title ?? '',
        paperType: p?.paperType ?? '',
        totalScore: Number(p?.totalScore ?? 0),
      };
    });
  },
};

/**
 * 课程试卷 (`/api/jd/pc/course_paper`): papers on a course's topics, for practice; `add_batch` and
 * `paper/not_relate_page` are in course.routes.ts.
 */
export const coursePaperResource = defineResource({
  name: 'course_paper',
  basePath: '/api/jd/pc/course_paper',
  table: coursePaper,
  scope: 'tenant',
  ...coursePolicy.policyOn(coursePaper.courseId),
  form: coursePaperFormSchema,
  filters: {
    courseId: filter.eqId(coursePaper.courseId),
    courseSubId: filter.eqId(coursePaper.courseSubId),
    paperId: filter.eqId(coursePaper.paperId),
  },
  sorts: { sort: coursePaper.sort, createTime: coursePaper.createTime },
  defaultSort: [asc(coursePaper.courseSubId), asc(coursePaper.sort), asc(coursePaper.id)],
  unique: [{ fields: ['courseSubId', 'paperId'], message: 'coursePaper.duplicate' }],
  constraintMessages: { course_paper_topic_uq: 'coursePaper.duplicate' },
  hooks,
  present: presenter(coursePaperSchema),
});
