import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { clazzResource } from './clazz/clazz.resource.ts';
import { flagResource } from './flag/flag.resource.ts';
import { schoolResource } from './school/school.resource.ts';
import { schoolyearResource } from './schoolyear/schoolyear.resource.ts';
import { studentResource } from './student/student.resource.ts';
import { teacherResource } from './teacher/teacher.resource.ts';
import { termResource } from './term/term.resource.ts';

/** The exam service's factory resources (`/api/exam/pc/...`), in the registry the conformance test walks. */
export const academicResources: AnyResourceDef[] = [
  schoolResource,
  schoolyearResource,
  termResource,
  clazzResource,
  studentResource,
  teacherResource,
  flagResource,
];
