import type { FilejobExtension } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { filejobStudent, filejobStudentLog } from '../../../db/schema/index.ts';
import { managedRecord } from '../handin/handin.mark.ts';

/**
 * A student's own deadline (DOMAIN §3: an exception with a reason and who granted it), in the caller's transaction:
 * later than the assignment's, or null to take it back. Logged with what it replaced. A hand-in already judged late
 * stays as it was judged; the student may hand in again under the new deadline.
 */
export async function grantExtension(tx: Db, p: Principal, form: FilejobExtension): Promise<string> {
  const { record, a } = await managedRecord(tx, p, form.filejobStudentId);
  if (form.until && form.until <= a.deadline) throw badRequest('filejob.extension.early');
  const before = { extensionUntil: record.extensionUntil?.toISOString() ?? null };
  const after = { extensionUntil: form.until?.toISOString() ?? null };
  await tx
    .update(filejobStudent)
    .set({ extensionUntil: form.until, updateUser: p.userId, updateTime: new Date() })
    .where(eq(filejobStudent.id, record.id));
  await tx.insert(filejobStudentLog).values({
    id: newId(),
    tenantId: p.tenantId,
    filejobStudentId: record.id,
    kind: 'extension',
    before,
    after,
    reason: form.reason,
    createUser: p.userId,
    updateUser: p.userId,
  });
  return record.id;
}
