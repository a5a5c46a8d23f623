import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { coursePermissionResource, courseResource } from './course.resource.ts';
import { coursePaperResource } from './course-paper.resource.ts';
import { courseSubResource } from './course-sub.resource.ts';
import { coursewareResource } from './courseware.resource.ts';

/** Courses' resources, mounted by the factory (modules/registry.ts). */
export const courseResources: AnyResourceDef[] = [
  courseResource,
  coursePermissionResource,
  courseSubResource,
  coursewareResource,
  coursePaperResource,
];
