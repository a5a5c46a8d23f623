import type { FilejobFrozen, FilejobHandinForm, FilejobReceipt } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { filejobStudent, filejobStudentFile, filejobStudentHandin, filejobTeacher } from '../../../db/schema/index.ts';
import { type AttachRow, ownAttachments, sha256Of } from './handin.files.ts';
import { receiptOf } from './handin.receipt.ts';
import { judgeTiming } from './handin.rules.ts';

export type RecordRow = typeof filejobStudent.$inferSelect;
const MB = 1024 * 1024;

/** The files of a hand-in, each checked against the job on the server (kind from the bytes, size), in order. */
async function checkedFiles(db: Db, p: Principal, job: FilejobFrozen, form: Partial<FilejobHandinForm>) {
  const ids = (form.files ?? []).map((f) => f.attachId);
  if (!ids.length) throw badRequest('filejob.handin.files');
  if (new Set(ids).size !== ids.length) throw badRequest('filejob.handin.duplicate');
  if (ids.length > job.maxFiles) throw badRequest('filejob.handin.tooMany', { max: job.maxFiles });
  const found = new Map((await ownAttachments(db, p.tenantId, p.userId, ids)).map((r) => [r.id, r]));
  const rows = ids.map((id) => found.get(id));
  if (rows.some((r) => !r)) throw badRequest('filejob.handin.file');
  for (const row of rows as AttachRow[]) {
    if (job.allowedKinds.length && !(job.allowedKinds as string[]).includes(row.extension))
      throw badRequest('filejob.handin.kind', { name: row.originalName, kinds: job.allowedKinds.join(', ') });
    if (row.attachSize > job.maxSizeMb * MB)
      throw badRequest('filejob.handin.size', { name: row.originalName, max: job.maxSizeMb });
  }
  return rows as AttachRow[];
}

/**
 * A student's hand-in on their record, in the caller's transaction (filejob_student `submit`): the record locked,
 * the files checked, the deadline rules applied (handin.rules.ts), the hand-in and its files kept for good beside
 * any earlier ones, and the record pointed at it (the factory's update then writes the same columns). Answers the record's new columns and the receipt. `now` is the
 * server's clock (the demo school's hand-ins are seeded at moments in the past).
 */
export async function handIn(
  tx: Db,
  files: FileStore | null,
  p: Principal,
  id: string,
  form: Partial<FilejobHandinForm>,
  now = new Date(),
): Promise<{ set: Partial<RecordRow>; receipt: FilejobReceipt }> {
  const [record] = await tx.select().from(filejobStudent).where(eq(filejobStudent.id, id)).for('update');
  if (!record || record.isDeleted) throw notFound();
  if (record.userId !== p.userId) throw forbidden('filejob.handin.ownOnly');
  const [a] = await tx.select().from(filejobTeacher).where(eq(filejobTeacher.id, record.filejobTeacherId));
  if (!a || a.isDeleted) throw notFound();
  const job = a.job as FilejobFrozen;
  if (now < a.startTime) throw badRequest('filejob.handin.notOpen', { start: a.startTime });
  const rows = await checkedFiles(tx, p, job, form);
  const due = record.extensionUntil ?? a.deadline;
  const timing = judgeTiming({
    now,
    due,
    graceMinutes: a.graceMinutes,
    uploadStarts: rows.map((r) => r.createTime),
    handedBefore: record.handinId !== null,
    rules: job,
  });
  if (timing.kind === 'refused') throw badRequest('filejob.handin.refused', { due });
  if (timing.kind === 'closed') throw badRequest('filejob.handin.replaceClosed', { due });
  const late = timing.kind === 'late' ? timing : { lateDays: 0, penalty: 0 };
  const handinId = newId();
  const audit = { tenantId: p.tenantId, createUser: p.userId, createDept: p.deptId, updateUser: p.userId };
  await tx.insert(filejobStudentHandin).values({
    ...audit,
    id: handinId,
    filejobStudentId: record.id,
    serverTime: now,
    late: timing.kind === 'late' ? 1 : 0,
    ...late,
  });
  const kept = [];
  for (const [sort, row] of rows.entries()) {
    kept.push({
      ...audit,
      id: newId(),
      handinId,
      filejobStudentId: record.id,
      attachId: row.id,
      name: row.originalName,
      size: row.attachSize,
      sha256: await sha256Of(tx, files, row),
      extension: row.extension,
      link: row.link,
      uploadStart: row.createTime,
      sort,
    });
  }
  await tx.insert(filejobStudentFile).values(kept);
  const set = {
    state: timing.kind === 'late' ? 'late' : 'handed',
    handinId,
    handinTime: now,
    handinCount: record.handinCount + 1,
    ...late,
  };
  await tx
    .update(filejobStudent)
    .set({ ...set, updateUser: p.userId, updateTime: now })
    .where(eq(filejobStudent.id, record.id));
  return { set, receipt: await receiptOf(tx, handinId) };
}
