import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { filejobAssignmentResource } from './assignment/assignment.resource.ts';
import { filejobPermissionResource, filejobResource } from './filejob.resource.ts';
import { filejobRecordResource } from './handin/handin.resource.ts';

/** File homework's resources, mounted by the factory (modules/registry.ts). */
export const filejobResources: AnyResourceDef[] = [
  filejobResource,
  filejobPermissionResource,
  filejobAssignmentResource,
  filejobRecordResource,
];
