import type {
  AnswerValue,
  AssignForm,
  CorrectForm,
  ExceptionForm,
  PracticeFeedback,
  RegradeForm,
  RegradeResult,
} from '@shixun/contracts';
import type { Principal } from '../../core/access/principal.ts';
import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { assignPaper } from './assignment/assignment.assign.ts';
import { managedAssignment } from './assignment/assignment.policy.ts';
import { releaseScores } from './assignment/assignment.release.ts';
import { assignmentResource } from './assignment/assignment.resource.ts';
import { forceSubmit, grantException, recordEvent } from './attempt/attempt.exceptions.ts';
import { retry } from './attempt/attempt.mine.ts';
import type { AttemptRow } from './attempt/attempt.submit.ts';
import { correct } from './marking/attempt.marking.ts';
import { regrade } from './marking/attempt.regrade.ts';
import { checkPractice } from './wrongbook/wrongbook.practice.ts';

/*
 * The assignment routes' use cases that are each one unit: one transaction around the module's own step (the step
 * takes the transaction it runs in, so that the seed can run several in one), then what the answer shows after it.
 */

const assignments = resourceService(assignmentResource);

/** `add_batch`: the paper assigned; answers what was made (for the message) and the assignment as its page shows it. */
export async function assign(call: CrudCall, form: AssignForm) {
  const made = await call.db.transaction((tx) => assignPaper(tx, call.principal, form));
  return { made, detail: await assignments.detail(call, made.id) };
}

/** The scores of an assignment the caller manages released now (400 when they already were); answers it anew. */
export async function release(call: CrudCall, id: string) {
  const released = await call.db.transaction(async (tx) => {
    const a = await managedAssignment(tx, call.principal, id);
    return releaseScores(tx, a.id);
  });
  if (!released) throw badRequest('assignment.alreadyReleased');
  return assignments.detail(call, id);
}

/** More time for an attempt, or a closed one reopened until a time. */
export function allowException(db: Db, p: Principal, form: ExceptionForm): Promise<AttemptRow> {
  return db.transaction((tx) => grantException(tx, p, form));
}

/** Attempts handed in by the teacher, with the reason; answers how many. */
export function forceSubmitAttempts(db: Db, p: Principal, ids: string[], reason: string): Promise<number> {
  return db.transaction((tx) => forceSubmit(tx, p, ids, reason));
}

/** A question's answers judged again (previewed, or applied). */
export function regradeQuestion(db: Db, p: Principal, form: RegradeForm): Promise<RegradeResult> {
  return db.transaction((tx) => regrade(tx, p, form));
}

/** The marker's scores saved; answers how many. */
export function saveMarks(db: Db, p: Principal, form: CorrectForm): Promise<number> {
  return db.transaction((tx) => correct(tx, p, form));
}

/** Another go at an assignment; answers the new attempt's id. */
export function retryAssignment(db: Db, p: Principal, assignmentId: string): Promise<string> {
  return db.transaction((tx) => retry(tx, p, assignmentId));
}

/** An integrity signal of the caller's attempt. */
export async function logIntegrityEvent(
  db: Db,
  p: Principal,
  attemptId: string,
  kind: 'left_page' | 'left_fullscreen',
): Promise<void> {
  await db.transaction((tx) => recordEvent(tx, p, attemptId, kind));
}

/** A re-practised wrong answer checked. */
export function checkWrongAnswer(db: Db, p: Principal, id: string, answer: AnswerValue): Promise<PracticeFeedback> {
  return db.transaction((tx) => checkPractice(tx, p, id, answer));
}
