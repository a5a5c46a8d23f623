import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { paperResource } from './paper.resource.ts';
import { paperPermissionResource } from './paper-permission.resource.ts';
import { paperQuestionResource } from './paper-question.resource.ts';
import { paperTitleResource } from './paper-title.resource.ts';

/** Papers' resources, mounted by the factory (modules/registry.ts). */
export const paperResources: AnyResourceDef[] = [
  paperResource,
  paperTitleResource,
  paperQuestionResource,
  paperPermissionResource,
];
