import type { AnyResourceDef } from '../../core/crud/resource.ts';
import { questionLibResource } from './library.resource.ts';
import { questionLibPermissionResource } from './permission.resource.ts';
import { questionResource } from './question.resource.ts';
import { questionItemResource } from './question-item.resource.ts';
import { questionInstResource, questionItemInstResource } from './snapshot.resource.ts';

/** The question bank's resources, mounted by the factory (modules/registry.ts). */
export const questionResources: AnyResourceDef[] = [
  questionLibResource,
  questionLibPermissionResource,
  questionResource,
  questionItemResource,
  questionInstResource,
  questionItemInstResource,
];
