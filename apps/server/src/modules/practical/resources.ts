import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { practicalAssignmentResource } from './assignment/assignment.resource.ts';
import {
  practicalAttemptResource,
  practicalStudentInspectionResource,
  practicalStudentPointResource,
} from './attempt/attempt.resource.ts';
import { practicalInspectionResource } from './practical-inspection.resource.ts';
import { practicalPaperPermissionResource, practicalPaperResource } from './practical-paper.resource.ts';
import { practicalPointResource } from './practical-point.resource.ts';

/** Practical tasks' resources, mounted by the factory (modules/registry.ts). */
export const practicalResources: AnyResourceDef[] = [
  practicalPaperResource,
  practicalPointResource,
  practicalInspectionResource,
  practicalPaperPermissionResource,
  practicalAssignmentResource,
  practicalAttemptResource,
  practicalStudentInspectionResource,
  practicalStudentPointResource,
];
