/**
 * What other teaching modules (papers, assignments) may use of the question bank: who administers content, which
 * questions a caller may read, the questions' own rules, and snapshots. Everything else here is the bank's own.
 */

import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { resolveFilters } from '../../core/crud/filters.ts';
import { accessScope, filterConditions } from '../../core/crud/resource.ts';
import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { question } from '../../db/schema/index.ts';
import { addQuestionType } from '../academic/academic.api.ts';
import { libraryPolicy } from './library.policy.ts';
import { QUESTION_ADMIN_PAGES, QUESTION_TEACHER_CODES } from './question.menus.ts';
import { questionResource } from './question.resource.ts';

export { childOrder } from './question.resource.ts';
export { snapshotQuestions } from './question.snapshot.ts';
export { plainTitle } from './question.usage.ts';

/** Live questions this caller may read (own, shared and public libraries), as a condition on `question`. */
export function readableQuestions(db: Db, p: Principal): Promise<SQL> {
  return accessScope(db, questionResource, p);
}

/** Of the libraries, those this caller may read, as a condition on `question.lib_id`. */
export async function readableLibs(db: Db, p: Principal): Promise<SQL> {
  return (await libraryPolicy.idCondition(db, p, 'read', question.libId)) ?? eq(question.tenantId, p.tenantId);
}

/** The question bank's own submit (validation, sanitising, library rights), for questions written from elsewhere. */
export function submitQuestion(call: CrudCall, body: Record<string, unknown>) {
  return resourceService(questionResource).submit(call, body);
}

/**
 * Top-level questions matching the bank's own list filters (`libId`, `type`, `difficulty`, `flagId` with the points
 * below it, `text` …), as a condition on `question` — what a random composition draws from.
 */
export async function matchingQuestions(db: Db, query: Record<string, unknown>): Promise<SQL> {
  const shape = Object.fromEntries(Object.entries(questionResource.filters).map(([k, f]) => [k, f.schema]));
  const parsed = z.object(shape).parse(query) as Record<string, unknown>;
  const resolved = await resolveFilters(questionResource.filters, parsed, db);
  return and(eq(question.isDeleted, 0), ...filterConditions(questionResource, resolved))!;
}

/** A new tenant's administrator starts with the 题库 pages. */
export const questionTenantSetup: TenantSetup = {
  adminPages: QUESTION_ADMIN_PAGES,
  roleGrants: { teacher: QUESTION_TEACHER_CODES },
  // Installations from before the bank: its menus, and 文件题 for every school.
  arrivals: [{ key: 'seed.questionBankGranted', group: 'question_bank', first: (db) => addQuestionType(db, 'file') }],
};
