import type { FilejobFrozen, FilejobMark } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { filejobStudent, filejobStudentFile, filejobStudentLog } from '../../../db/schema/index.ts';
import { managedAssignment } from '../assignment/assignment.policy.ts';
import { ownAttachments } from './handin.files.ts';

/** A record of an assignment the caller manages, locked for a change; else 404 (as for one that does not exist). */
export async function managedRecord(tx: Db, p: Principal, id: string) {
  const [record] = await tx
    .select()
    .from(filejobStudent)
    .where(and(eq(filejobStudent.id, id), eq(filejobStudent.tenantId, p.tenantId), eq(filejobStudent.isDeleted, 0)))
    .for('update');
  if (!record) throw notFound();
  const a = await managedAssignment(tx, p, record.filejobTeacherId);
  return { record, a };
}

/**
 * The teacher's feedback on a hand-in, in the caller's transaction: a score within the job's, a comment, a returned
 * file (one the teacher uploaded) and notes on the files of the current hand-in — kept as data, never drawn into
 * the file. Logged with what it replaced.
 */
export async function markHandin(tx: Db, p: Principal, form: FilejobMark): Promise<void> {
  const { record, a } = await managedRecord(tx, p, form.id);
  if (!record.handinId) throw badRequest('filejob.mark.notHanded');
  const job = a.job as FilejobFrozen;
  if (form.score > job.score) throw badRequest('filejob.mark.tooHigh', { max: job.score });
  if (form.feedbackAttachId) {
    const [mine] = await ownAttachments(tx, p.tenantId, p.userId, [form.feedbackAttachId]);
    if (!mine) throw badRequest('filejob.mark.feedback');
  }
  if (form.annotations?.length) {
    const handed = await tx
      .select({ attachId: filejobStudentFile.attachId })
      .from(filejobStudentFile)
      .where(eq(filejobStudentFile.handinId, record.handinId));
    const ids = new Set(handed.map((f) => f.attachId));
    if (form.annotations.some((n) => !ids.has(n.attachId))) throw badRequest('filejob.mark.file');
  }
  const before = {
    score: record.score,
    comment: record.comment,
    feedbackAttachId: record.feedbackAttachId,
    annotations: record.annotations,
  };
  const after = {
    score: form.score,
    comment: form.comment ?? record.comment ?? '',
    feedbackAttachId: form.feedbackAttachId === undefined ? record.feedbackAttachId : form.feedbackAttachId,
    annotations: form.annotations ?? record.annotations ?? [],
  };
  const now = new Date();
  await tx
    .update(filejobStudent)
    .set({ ...after, markUser: p.userId, markTime: now, updateUser: p.userId, updateTime: now })
    .where(eq(filejobStudent.id, record.id));
  await tx.insert(filejobStudentLog).values({
    id: newId(),
    tenantId: p.tenantId,
    filejobStudentId: record.id,
    kind: 'mark',
    before,
    after,
    createUser: p.userId,
    updateUser: p.userId,
  });
}
