import {
  coursewareFormSchema,
  coursewareSchema,
  coursewareSegmentFormSchema,
  coursewareSegmentSchema,
} from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { course, courseware, coursewareSegment } from '../../db/schema/index.ts';
import { coursePolicy } from './course.policy.ts';
import { checkCourseware } from './courseware.rules.ts';
import { checkSegments } from './courseware.segments.ts';
import { keepVersion, versionFacts } from './courseware.versions.ts';

type CoursewareRow = typeof courseware.$inferSelect;

const hooks: ResourceHooks<typeof coursewareFormSchema, CoursewareRow> = {
  async beforeSave({ db, principal, files, values, next, existing }) {
    await checkCourseware(db, principal, files, values, next, existing);
    if (values.segments)
      await checkSegments(db, principal, values.segments, {
        // A file's kind was just read from the attachment (checkCourseware), else it is the stored one.
        extension: ((values as { extension?: string }).extension ?? existing?.extension) as string | undefined,
        duration: next.duration,
      });
  },
  // Each version of what students see is kept, with the note of what changed (quoting teachers read it).
  async afterSave({ db, principal, values, existing, row }) {
    if (!existing || row.version !== existing.version) await keepVersion(db, principal, row, values.changeNote ?? '');
  },
  async afterLoad(rows, { db }) {
    return versionFacts(db, rows);
  },
};

/**
 * 课件 (`/api/jd/pc/courseware`): a topic's coursewares, in order (`courseSubId`, `courseId` filters), read with the
 * course and changed by those who may change it; `publicLib_pages` lists those of the public library's courses.
 */
export const coursewareResource = defineResource({
  name: 'courseware',
  basePath: '/api/jd/pc/courseware',
  table: courseware,
  scope: 'tenant',
  ...coursePolicy.policyOn(courseware.courseId),
  form: coursewareFormSchema,
  filters: {
    courseId: filter.eqId(courseware.courseId),
    courseSubId: filter.eqId(courseware.courseSubId),
    name: filter.like(courseware.name),
    kind: filter.eqString(courseware.kind),
    extension: filter.inStrings(courseware.extension),
  },
  sorts: { sort: courseware.sort, name: courseware.name, createTime: courseware.createTime },
  defaultSort: [asc(courseware.courseSubId), asc(courseware.sort), asc(courseware.id)],
  extraLists: [
    {
      path: 'publicLib_pages',
      // The scope keeps the tenant and live rows; a subquery of the public courses, not a list of their ids.
      where: (_q, { db, principal }) =>
        inArray(
          courseware.courseId,
          db
            .select({ id: course.id })
            .from(course)
            .where(and(eq(course.tenantId, principal.tenantId), eq(course.isPublic, 1), eq(course.isDeleted, 0))),
        ),
    },
  ],
  children: [
    {
      kind: 'rows',
      field: 'segments',
      table: coursewareSegment,
      parent: coursewareSegment.coursewareId,
      order: coursewareSegment.sort,
      schema: coursewareSegmentFormSchema,
      max: 50,
      present: presenter(coursewareSegmentSchema),
    },
  ],
  hooks,
  present: presenter(coursewareSchema),
});
