/**
 * What other teaching modules (assignments, courses) may use of papers: which papers a caller may read, and a
 * paper's sections and questions in order, to freeze them when work is assigned. Everything else here is the
 * paper module's own.
 */

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { paperTitle } from '../../db/schema/index.ts';
import { PAPER_ADMIN_PAGES, PAPER_SHARE_CODES, PAPER_TEACHER_CODES } from './paper.menus.ts';

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
