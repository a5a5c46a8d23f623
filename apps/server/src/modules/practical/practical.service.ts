import type { PracticalAssignForm, PracticalInspectionCopy } from '@shixun/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { practicalTeacher } from '../../db/schema/index.ts';
import { assignPractical } from './assignment/assignment.assign.ts';
import { isReleased, managedAssignment } from './assignment/assignment.policy.ts';
import { practicalAssignmentResource } from './assignment/assignment.resource.ts';
import { copyInspections } from './practical-inspection.copy.ts';
import { quoteTask } from './practical-paper.quote.ts';
import { practicalPaperResource } from './practical-paper.resource.ts';

/* The practical routes' use cases that are one unit each: a transaction around the step, then what the answer shows. */

const assignments = resourceService(practicalAssignmentResource);
const tasks = resourceService(practicalPaperResource);

/** `add_batch`: the task assigned; answers what was made (for the message) and the assignment as its page shows it. */
export async function assign(call: CrudCall, form: PracticalAssignForm) {
  const made = await call.db.transaction((tx) => assignPractical(tx, call.principal, form));
  return { made, detail: await assignments.detail(call, made.id) };
}

/** The scores of an assignment the caller manages released now (400 when they already are out). */
export async function release(call: CrudCall, id: string) {
  await call.db.transaction(async (tx) => {
    const a = await managedAssignment(tx, call.principal, id);
    if (isReleased(a)) throw badRequest('practical.alreadyReleased');
    const now = new Date();
    await tx
      .update(practicalTeacher)
      .set({ releaseTime: now, updateTime: now, updateUser: call.principal.userId })
      .where(
        and(
          eq(practicalTeacher.id, a.id),
          or(isNull(practicalTeacher.releaseTime), gt(practicalTeacher.releaseTime, now)),
        ),
      );
  });
  return assignments.detail(call, id);
}

/** Inspection items copied under a point, in one transaction; answers how many. */
export function copyItems(db: Db, p: Principal, body: PracticalInspectionCopy): Promise<number> {
  return db.transaction((tx) => copyInspections(tx, p, body));
}

/** `quote`: the copy made (its own transaction, practical-paper.quote.ts), answered as the tasks' page shows it. */
export async function quote(call: CrudCall, body: { id: string; title?: string | undefined }) {
  return tasks.detail(call, await quoteTask(call.db, call.principal, body));
}
