import {
  courseClassFormSchema,
  courseClassSchema,
  courseFormSchema,
  coursePermissionFormSchema,
  coursePermissionSchema,
  courseSchema,
} from '@shixun/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { sanitizeRichText } from '../../core/html/sanitize.ts';
import { badRequest } from '../../core/http/errors.ts';
import { course, courseClass, coursePaper, courseSub, courseware } from '../../db/schema/index.ts';
import { flagNames, liveFlagIds } from '../academic/academic.api.ts';
import { assertCourseClasses } from './course.classes.ts';
import { courseCounts } from './course.counts.ts';
import { type CourseRow, coursePolicy } from './course.policy.ts';

const shared = coursePolicy.hooks<typeof courseFormSchema>();

const hooks: ResourceHooks<typeof courseFormSchema, CourseRow> = {
  /** Sharing's rules; the description kept to the one sanitiser; a real direction; classes the caller may teach. */
  async beforeSave(ctx) {
    await shared.beforeSave?.(ctx);
    const { db, principal, values, existing } = ctx;
    if (values.description !== undefined) {
      values.description = sanitizeRichText(values.description, await ctx.files.mediaPrefixes(db, principal.tenantId));
    }
    if (values.directionId && values.directionId !== '0') {
      const [live] = await liveFlagIds(db, principal.tenantId, [values.directionId]);
      if (!live) throw badRequest('course.direction.invalid');
    }
    if (values.classes) await assertCourseClasses(db, principal, existing?.id, values.classes);
  },

  /** Owner only; the course goes with its shares, topics, coursewares, papers and classes. */
  async beforeRemove(ctx) {
    await shared.beforeRemove?.(ctx);
    const { db, principal, ids } = ctx;
    const gone = { isDeleted: 1, updateUser: principal.userId, updateTime: new Date() };
    for (const table of [courseSub, courseware, coursePaper]) {
      await db
        .update(table)
        .set(gone)
        .where(and(inArray(table.courseId, ids), eq(table.isDeleted, 0)));
    }
    await db.delete(courseClass).where(inArray(courseClass.courseId, ids));
  },

  /** What the caller may do with each, whose it is, its direction's name and how much it holds. */
  async afterLoad(rows, ctx) {
    const withAccess = await shared.afterLoad!(rows, ctx);
    // One after the other: a hook may run on a transaction's one connection.
    const names = await flagNames(
      ctx.db,
      rows.map((r) => r.directionId).filter((d) => d !== '0'),
    );
    const counts = await courseCounts(
      ctx.db,
      rows.map((r) => r.id),
    );
    return withAccess.map((r) => ({
      ...r,
      directionName: names.get(String(r.directionId)) ?? '',
      topicCount: counts.topics.get(String(r.id)) ?? 0,
      coursewareCount: counts.coursewares.get(String(r.id)) ?? 0,
    }));
  },
};

/**
 * 课程 (`/api/jd/pc/course`): a teacher's own courses, those shared with them or their school, and the public library
 * (`publicLib_pages`); `my_list` and `shared_list` as for papers. The classes it is taught to are its own rows
 * (`classes`), written with it.
 */
export const courseResource = defineResource({
  name: 'course',
  basePath: '/api/jd/pc/course',
  table: course,
  scope: 'tenant',
  ...coursePolicy.policy,
  form: courseFormSchema,
  filters: {
    name: filter.like(course.name),
    discipline: filter.eqString(course.discipline),
    directionId: filter.eqId(course.directionId),
    isPublic: filter.eqInt(course.isPublic),
    published: filter.eqInt(course.published),
    createUser: filter.eqId(course.createUser),
  },
  sorts: { name: course.name, hours: course.hours, createTime: course.createTime, updateTime: course.updateTime },
  defaultSort: [desc(course.updateTime), desc(course.id)],
  extraLists: coursePolicy.lists({ public: 'publicLib_pages', mine: 'my_list', shared: 'shared_list' }),
  children: [
    {
      kind: 'rows',
      field: 'classes',
      table: courseClass,
      parent: courseClass.courseId,
      order: courseClass.sort,
      schema: courseClassFormSchema,
      max: 200,
      present: presenter(courseClassSchema),
    },
  ],
  hooks,
  present: presenter(courseSchema),
});

/** 课程共享 (`/api/jd/pc/course_permission`): only the course's owner sees and changes its shares. */
export const coursePermissionResource = coursePolicy.shareResource({
  name: 'course_permission',
  basePath: '/api/jd/pc/course_permission',
  form: coursePermissionFormSchema,
  schema: coursePermissionSchema,
  targetKey: 'courseId',
});
