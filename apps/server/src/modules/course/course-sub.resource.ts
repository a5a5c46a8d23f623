import { courseSubFormSchema, courseSubSchema, type Locale } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { coursePaper, courseSub, courseware } from '../../db/schema/index.ts';
import { liveFlagIds } from '../academic/academic.api.ts';
import { coursePolicy } from './course.policy.ts';

type TopicRow = typeof courseSub.$inferSelect;

const hooks: ResourceHooks<typeof courseSubFormSchema, TopicRow> = {
  /** A topic is added to a course the caller may change (the tree rules keep it there); its knowledge points exist. */
  async beforeSave({ db, principal, values, existing }) {
    if (!existing) await coursePolicy.editable(db, principal, values.courseId!);
    if (values.flagIds) {
      const ids = [...new Set(values.flagIds)];
      if ((await liveFlagIds(db, principal.tenantId, ids)).length !== ids.length) throw badRequest('course.topic.flag');
      values.flagIds = ids;
    }
  },

  /** A topic's coursewares and papers go with it. */
  async beforeRemove({ db, principal, ids }) {
    const gone = { isDeleted: 1, updateUser: principal.userId, updateTime: new Date() };
    for (const table of [courseware, coursePaper]) {
      await db
        .update(table)
        .set(gone)
        .where(and(inArray(table.courseSubId, ids), eq(table.isDeleted, 0)));
    }
  },
};

/**
 * 课程知识点 (`/api/jd/pc/course_sub`): a course's topic tree (the factory's tree, partitioned by course), read with
 * the course and changed by those who may change it; `move`, `move/up|down/{id}` as for paper sections. The whole
 * tree of one course is `GET tree?courseId` (course.routes.ts: students of its classes read it too).
 */
export const courseSubResource = defineResource({
  name: 'course_sub',
  basePath: '/api/jd/pc/course_sub',
  table: courseSub,
  scope: 'tenant',
  ...coursePolicy.policyOn(courseSub.courseId),
  form: courseSubFormSchema,
  filters: {
    courseId: filter.eqId(courseSub.courseId),
    parentId: filter.eqId(courseSub.parentId),
    name: filter.like(courseSub.name),
  },
  sorts: { sort: courseSub.sort, createTime: courseSub.createTime },
  defaultSort: [asc(courseSub.courseId), asc(courseSub.sort), asc(courseSub.id)],
  tree: {
    parent: courseSub.parentId,
    sort: courseSub.sort,
    partition: [courseSub.courseId],
    title: (row: TopicRow, _locale: Locale) => row.name,
    node: (row: TopicRow) => ({ name: row.name, sort: row.sort, locked: row.locked, flagIds: row.flagIds }),
    cascade: true,
    messages: {
      parent: 'course.topic.invalid',
      loop: 'course.topic.loop',
      hasChildren: 'course.topic.hasChildren',
      partitionFixed: 'course.topic.fixed',
    },
    calls: { move: 'move', upDown: { up: 'move/up', down: 'move/down' } },
  },
  hooks,
  present: presenter(courseSubSchema),
});
