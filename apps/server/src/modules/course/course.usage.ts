import { and, eq, inArray } from 'drizzle-orm';
import type { Reference } from '../../core/crud/references.ts';
import { course, coursePaper, courseware } from '../../db/schema/index.ts';

/** A paper on a course topic stays while it is there (students practise it from the course). */
export const courseUsesPaper: Reference = {
  target: 'paper',
  label: { zh: '课程', en: 'Course' },
  async find(db, tenantId, paperIds) {
    return db
      .selectDistinct({ key: coursePaper.paperId, title: course.name })
      .from(coursePaper)
      .innerJoin(course, eq(course.id, coursePaper.courseId))
      .where(
        and(
          eq(coursePaper.tenantId, tenantId),
          eq(coursePaper.isDeleted, 0),
          eq(course.isDeleted, 0),
          inArray(coursePaper.paperId, paperIds),
        ),
      )
      .limit(50);
  },
};

/** A stored file used as a courseware stays while the courseware does. */
export const coursewareUsesAttach: Reference = {
  target: 'attach',
  label: { zh: '课件', en: 'Courseware' },
  async find(db, tenantId, links) {
    return db
      .select({ key: courseware.link, title: courseware.name })
      .from(courseware)
      .where(
        and(
          eq(courseware.tenantId, tenantId),
          eq(courseware.isDeleted, 0),
          eq(courseware.kind, 'file'),
          inArray(courseware.link, links),
        ),
      )
      .limit(50);
  },
};
