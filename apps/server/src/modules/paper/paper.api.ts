/**
 * What other teaching modules (assignments, courses) may use of papers: which papers a caller may read, and a
 * paper's sections and questions in order, to freeze them when work is assigned. Everything else here is the
 * paper module's own.
 */

import type { Page, Paper } from '@shixun/contracts';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { paper, paperTitle } from '../../db/schema/index.ts';
import { PAPER_ADMIN_PAGES, PAPER_SHARE_CODES, PAPER_TEACHER_CODES } from './paper.menus.ts';
import { paperResource } from './paper.resource.ts';

export { drawFromPools, rulePools, seededRandom } from './paper.blueprint.ts';
export { paperQuestionRows, splitScore } from './paper.compose.ts';
export { type PaperRow, paperPolicy } from './paper.policy.ts';

/** A paper's live sections in order (parents before their children is not guaranteed: nest by `parentId`). */
export function paperSections(db: Db, paperId: string) {
  return db
    .select()
    .from(paperTitle)
    .where(and(eq(paperTitle.paperId, paperId), eq(paperTitle.isDeleted, 0)))
    .orderBy(asc(paperTitle.sort), asc(paperTitle.id));
}

/**
 * A live paper of the tenant without asking who may read it: for a caller who reaches it through something else that
 * checked that (a student practising a paper of a course of their class).
 */
export async function livePaper(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(paper)
    .where(and(eq(paper.id, id), eq(paper.tenantId, tenantId), eq(paper.isDeleted, 0)));
  return row;
}

/** Papers by id as other modules name them (removed ones included: what pointed at them still shows their title). */
export async function paperSummaries(
  db: Db,
  ids: string[],
): Promise<Map<string, { title: string; paperType: string; totalScore: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: paper.id, title: paper.title, paperType: paper.paperType, totalScore: paper.totalScore })
    .from(paper)
    .where(inArray(paper.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The papers list as the caller may read it (their own, shared with them, published), with the list's filters,
 * leaving out these ids: a course topic's `not_relate_page` (papers not yet on it).
 */
export function readablePapersExcept(
  call: CrudCall,
  query: Record<string, unknown>,
  except: string[],
): Promise<Page<Paper>> {
  return resourceService(paperResource).list(call, query, {
    path: 'not_relate_page',
    where: () => (except.length ? notInArray(paper.id, except) : undefined),
  });
}

/** A new tenant's administrator starts with the 试卷 pages. */
export const PAPER_SHARES_GRANTED = 'seed.paperSharesGranted';

export const paperTenantSetup: TenantSetup = {
  adminPages: PAPER_ADMIN_PAGES,
  roleGrants: { teacher: PAPER_TEACHER_CODES },
  // Installations from before papers (试卷管理 under 考试), and from before their shares came after them.
  arrivals: [
    { key: 'seed.papersGranted', group: 'exam_center' },
    { key: PAPER_SHARES_GRANTED, group: 'exam_center', codes: { teacher: PAPER_SHARE_CODES } },
  ],
};
