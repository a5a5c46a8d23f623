import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { ACADEMIC_ADMIN_PAGES, STUDENT_MENU_CODES, TEACHER_MENU_CODES } from './academic.menus.ts';
import { provisionTeaching } from './teaching-roles.ts';

/** What other modules may use of 教务: which classes a caller may see or assign to, and a class's display name. */
export {
  assertAssignable,
  classDisplayName,
  classNamesById,
  classScope,
  withClassesAndOwner,
} from './class-scope.ts';
export { addQuestionType } from './teaching-roles.ts';

/** A new tenant's 教务 pages, and the teaching roles and question types every school starts with. */
export const academicTenantSetup: TenantSetup = {
  adminPages: ACADEMIC_ADMIN_PAGES,
  roleGrants: { teacher: TEACHER_MENU_CODES, student: STUDENT_MENU_CODES },
  provision: (db, tenantId) => provisionTeaching(db, tenantId),
};

/**
 * 教务's rows as the question bank and assignments read them (their own rows carry the ids): knowledge points and
 * other classification nodes, classes and their students.
 */
export { flagNames, knowledgeNodes, knowledgeSubtreeIds, liveFlagIds } from './flag/flag.reads.ts';
/**
 * Sharing what teachers make with other teachers or whole schools (their own 教务 words): one declaration makes a
 * kind of content shareable (sharing/shareable.ts).
 */
export { defineShareable, type Shareable } from './sharing/shareable.ts';
export { changes, shareReader } from './sharing/shares.ts';
export {
  classesById,
  liveClassIds,
  type RosterStudent,
  studentNames,
  studentOfUser,
  studentRoster,
  studentsById,
  studentsOfClasses,
} from './student/roster.reads.ts';
