import type { SeedMenu } from '../core/access/menu-definition.ts';
import type { Reference } from '../core/crud/references.ts';
import type { AnyResourceDef } from '../core/crud/resource.ts';
import type { JobDefinition } from '../core/jobs/runner.ts';
import { gather, type ModuleDef } from '../core/modules/module.ts';
import type { TenantSetup } from '../core/tenancy/tenant-setup.ts';
import { academicModule } from './academic/index.ts';
import { assignmentTodos } from './assignment/assignment.api.ts';
import { assignmentModule } from './assignment/index.ts';
import { authModule } from './auth/index.ts';
import { courseModule } from './course/index.ts';
import type { TodoSource } from './desk/desk.api.ts';
import { deskModule } from './desk/index.ts';
import { filejobModule } from './filejob/index.ts';
import { filesModule } from './files/index.ts';
import { logModule } from './log/index.ts';
import { paperModule } from './paper/index.ts';
import { practicalModule } from './practical/index.ts';
import { questionModule } from './question/index.ts';
import { systemModule } from './system/index.ts';
import { userModule } from './user/index.ts';

/**
 * Every module, as each declares itself in its index.ts (core/modules/module.ts): the app mounts their resources,
 * then registers their routes, in this order; the lists below are read from it. The platform first, then teaching.
 */
export const modules: ModuleDef[] = [
  authModule,
  systemModule,
  userModule,
  deskModule,
  filesModule,
  logModule,
  academicModule,
  questionModule,
  paperModule,
  assignmentModule,
  practicalModule,
  filejobModule,
  courseModule,
];

/**
 * Every resource the factory mounts. The conformance test walks this list, so a resource added to a module is
 * covered for 401, 403, 400, tenancy and the CRUD round trip without writing new tests.
 */
export const resourceRegistry: AnyResourceDef[] = gather(modules).resources;

/**
 * Every "rows of X are used by Y" (core/crud/references.ts): removing an X asks each Y, so a file used by a notice, a
 * node used by a class or the account of a student is never silently broken — and X's module never imports Y's.
 */
export const referenceRegistry: Reference[] = gather(modules).references;

/** Every module's jobs (core/jobs/runner.ts), defined on the runner at start-up. */
export const jobRegistry: JobDefinition<never>[] = gather(modules).jobs;

/** What each module adds to a new tenant (core/tenancy/tenant-setup.ts), registered at start-up. */
export const tenantSetupRegistry: TenantSetup[] = gather(modules).tenantSetups;

/** Every module's menus and buttons, the platform's first: what the seed loads (seed/seed.ts, seed/upgrade.ts). */
export const seedMenus: SeedMenu[] = gather(modules).menus;

/** The home page's to-dos each module adds (desk/desk.api.ts), registered at start-up. */
export const todoRegistry: TodoSource[] = [...assignmentTodos];
