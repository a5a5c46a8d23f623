import { course, coursePermission } from '../../db/schema/index.ts';
import { defineShareable } from '../academic/academic.api.ts';

/**
 * Who may read or change a course (and so its topics, coursewares and papers): as for papers — its owner, the
 * teachers and schools it is shared with (to read or to edit), every teacher once it is in the public library,
 * administrators all; only the owner puts it in the library, shares or deletes it. Students reach courses only
 * through their classes (course.reach.ts), never through this.
 */
export const coursePolicy = defineShareable({
  table: course,
  shares: { table: coursePermission, target: coursePermission.courseId },
  messages: {
    invalid: 'course.invalid',
    readOnly: 'course.readOnly',
    ownerOnly: 'course.ownerOnly',
    self: 'course.shareSelf',
    shared: 'course.shared',
  },
});

export type CourseRow = typeof course.$inferSelect;
