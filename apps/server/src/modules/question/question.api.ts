/**
 * What other teaching modules (papers, assignments) may use of the question bank: who administers content, which
 * questions a caller may read, the questions' own rules, and snapshots. Everything else here is the bank's own.
 */

import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { addQuestionType } from '../academic/academic.api.ts';
import { QUESTION_ADMIN_PAGES, QUESTION_TEACHER_CODES } from './question.menus.ts';
import { questionResource } from './question.resource.ts';

/** What papers read of the bank: questions to place on them, the pools a blueprint draws from, what they show. */
export {
  type ChildQuestion,
  type PlaceableQuestion,
  placeableQuestions,
  questionChildren,
  questionFlagPairs,
  questionPools,
  questionsForPaper,
  type ShownItem,
  type ShownQuestion,
} from './question.reads.ts';
export { fixSnapshotKey, snapshotQuestions } from './question.snapshot.ts';
export { plainTitle } from './question.usage.ts';
/** What assignments read of the snapshots they hold, and of the questions a draw per student freezes. */
export {
  poolQuestions,
  type SnapshotItem,
  type SnapshotRow,
  snapshotFlagIds,
  snapshotItems,
  snapshotOptionIds,
  snapshotRows,
  snapshotStems,
  snapshotTypes,
  snapshotWithItems,
} from './snapshot.reads.ts';

/** The question bank's own submit (validation, sanitising, library rights), for questions written from elsewhere. */
export function submitQuestion(call: CrudCall, body: Record<string, unknown>) {
  return resourceService(questionResource).submit(call, body);
}

/** A new tenant's administrator starts with the 题库 pages. */
export const questionTenantSetup: TenantSetup = {
  adminPages: QUESTION_ADMIN_PAGES,
  roleGrants: { teacher: QUESTION_TEACHER_CODES },
  // Installations from before the bank: its menus, and 文件题 for every school.
  arrivals: [{ key: 'seed.questionBankGranted', group: 'question_bank', first: (db) => addQuestionType(db, 'file') }],
};
