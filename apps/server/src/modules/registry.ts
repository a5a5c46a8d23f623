import type { Reference } from '../core/crud/references.ts';
import type { AnyResourceDef } from '../core/crud/resource.ts';
import type { JobDefinition } from '../core/jobs/runner.ts';
import type { TenantSetup } from '../core/tenancy/tenant-setup.ts';
import { academicTenantSetup } from './academic/academic.api.ts';
import { classUsesFlag } from './academic/clazz/clazz.usage.ts';
import { academicResources } from './academic/resources.ts';
import { studentOwnsAccount, teacherOwnsAccount } from './academic/teaching-accounts.ts';
import { assignmentTenantSetup, assignmentTodos } from './assignment/assignment.api.ts';
import { releaseJob } from './assignment/assignment.release.ts';
import { assignmentUsesPaper } from './assignment/assignment.usage.ts';
import { autoSubmitJob } from './assignment/attempt.submit.ts';
import { assignmentResources } from './assignment/resources.ts';
import type { TodoSource } from './desk/desk.api.ts';
import { noticeResource } from './desk/notice/notice.resource.ts';
import { noticeUsesAttach } from './desk/notice/notice.usage.ts';
import { attachResource } from './files/attach/attach.resource.ts';
import { ossResource } from './files/oss/oss.resource.ts';
import { smsResource } from './files/sms/sms.resource.ts';
import { paperTenantSetup } from './paper/paper.api.ts';
import { paperUsesQuestion } from './paper/paper.usage.ts';
import { paperResources } from './paper/resources.ts';
import { questionTenantSetup } from './question/question.api.ts';
import { questionUsesAttach, questionUsesFlag } from './question/question.usage.ts';
import { questionResources } from './question/resources.ts';
import { clientResource } from './system/client/client.resource.ts';
import { deptResource } from './system/dept/dept.resource.ts';
import { dictResources } from './system/dict/dict.resources.ts';
import { menuResource } from './system/menu/menu.resource.ts';
import { systemResources } from './system/resources.ts';
import { roleResource } from './system/role/role.resource.ts';
import { scopeResources } from './system/scope/scope.resources.ts';
import { socialResource } from './system/social/social.resource.ts';
import { tenantResource } from './system/tenant/tenant.resource.ts';
import { tenantPackageResource } from './system/tenant-package/tenant-package.resource.ts';
import { topMenuResource } from './system/topmenu/topmenu.resource.ts';
import { userResource } from './user/user.resource.ts';

/**
 * Every resource the factory mounts. The conformance test walks this list, so a resource added here is covered
 * for 401, 403, 400, tenancy and the CRUD round trip without writing new tests.
 */
export const resourceRegistry: AnyResourceDef[] = [
  ...systemResources,
  ...dictResources,
  roleResource,
  deptResource,
  userResource,
  tenantResource,
  tenantPackageResource,
  ...scopeResources,
  menuResource,
  topMenuResource,
  clientResource,
  socialResource,
  noticeResource,
  ossResource,
  attachResource,
  smsResource,
  ...academicResources,
  ...questionResources,
  ...paperResources,
  ...assignmentResources,
];

/**
 * Every "rows of X are used by Y" (core/crud/references.ts): removing an X asks each Y, so a file used by a notice, a
 * node used by a class or the account of a student is never silently broken — and X's module never imports Y's.
 */
export const referenceRegistry: Reference[] = [
  noticeUsesAttach,
  questionUsesAttach,
  classUsesFlag,
  questionUsesFlag,
  paperUsesQuestion,
  assignmentUsesPaper,
  studentOwnsAccount,
  teacherOwnsAccount,
];

/** Every module's jobs (core/jobs/runner.ts), defined on the runner at start-up. */
export const jobRegistry: JobDefinition<never>[] = [autoSubmitJob, releaseJob] as JobDefinition<never>[];

/** What each module adds to a new tenant (core/tenancy/tenant-setup.ts), registered at start-up. */
export const tenantSetupRegistry: TenantSetup[] = [
  academicTenantSetup,
  questionTenantSetup,
  paperTenantSetup,
  assignmentTenantSetup,
];

/** The home page's to-dos each module adds (desk/desk.api.ts), registered at start-up. */
export const todoRegistry: TodoSource[] = [...assignmentTodos];
