import type { FilejobExtension, FilejobMark, FilejobQuote, FilejobReceipt } from '@shixun/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { CrudCall } from '../../core/crud/service.ts';
import { resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { filejobStudent, filejobStudentHandin, filejobTeacher } from '../../db/schema/index.ts';
import { grantExtension } from './assignment/assignment.extension.ts';
import { isReleased, managedAssignment, manages } from './assignment/assignment.policy.ts';
import { filejobAssignmentResource } from './assignment/assignment.resource.ts';
import { quoteJob } from './filejob.quote.ts';
import { filejobResource } from './filejob.resource.ts';
import { markHandin } from './handin/handin.mark.ts';
import { receiptOf } from './handin/handin.receipt.ts';
import { filejobRecordResource } from './handin/handin.resource.ts';

/* The file-homework routes' use cases, one unit each: a transaction around the step, then what the answer shows. */

const jobs = resourceService(filejobResource);
const assignments = resourceService(filejobAssignmentResource);
const records = resourceService(filejobRecordResource);

/** `quote`: the copy made, answered as the jobs' page shows it. */
export async function quote(call: CrudCall, body: FilejobQuote) {
  return jobs.detail(call, await quoteJob(call.db, call.principal, body));
}

/** Feedback of an assignment the caller manages released now (400 when it already is out). */
export async function release(call: CrudCall, id: string) {
  await call.db.transaction(async (tx) => {
    const a = await managedAssignment(tx, call.principal, id);
    if (isReleased(a)) throw badRequest('filejob.alreadyReleased');
    const now = new Date();
    await tx
      .update(filejobTeacher)
      .set({ releaseTime: now, updateTime: now, updateUser: call.principal.userId })
      .where(
        and(eq(filejobTeacher.id, a.id), or(isNull(filejobTeacher.releaseTime), gt(filejobTeacher.releaseTime, now))),
      );
  });
  return assignments.detail(call, id);
}

/** A student's own deadline granted (or taken back), answered as the record now is. */
export async function extend(call: CrudCall, form: FilejobExtension) {
  const id = await call.db.transaction((tx) => grantExtension(tx, call.principal, form));
  return records.detail(call, id);
}

/** The teacher's feedback saved, answered as the record now is. */
export async function mark(call: CrudCall, form: FilejobMark) {
  await call.db.transaction((tx) => markHandin(tx, call.principal, form));
  return records.detail(call, form.id);
}

/**
 * A receipt again, the current hand-in's or a replaced one's: to the record's student and to the teacher who manages
 * the assignment; to anyone else (another tenant included) it does not exist.
 */
export async function receipt(db: Db, p: Principal, handinId: string): Promise<FilejobReceipt> {
  const [row] = await db
    .select({ s: filejobStudent, a: filejobTeacher })
    .from(filejobStudentHandin)
    .innerJoin(filejobStudent, eq(filejobStudent.id, filejobStudentHandin.filejobStudentId))
    .innerJoin(filejobTeacher, eq(filejobTeacher.id, filejobStudent.filejobTeacherId))
    .where(and(eq(filejobStudentHandin.id, handinId), eq(filejobStudentHandin.tenantId, p.tenantId)));
  if (!row) throw notFound();
  const own = row.s.userId === p.userId;
  if (!own && (row.a.isDeleted || !(await manages(db, p, row.a)))) throw notFound();
  return receiptOf(db, handinId);
}
