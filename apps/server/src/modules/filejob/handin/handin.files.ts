import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { attach } from '../../../db/schema/index.ts';

export type AttachRow = typeof attach.$inferSelect;

/** Live attachments of the tenant among these ids that this user uploaded. */
export function ownAttachments(db: Db, tenantId: string, userId: string, ids: string[]): Promise<AttachRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(attach)
    .where(
      and(
        eq(attach.tenantId, tenantId),
        eq(attach.createUser, userId),
        eq(attach.isDeleted, 0),
        inArray(attach.id, ids),
      ),
    );
}

/** Attachments by id (removed ones included: a returned file's name stays what it was). */
export async function attachmentsById(db: Db, ids: string[]): Promise<Map<string, AttachRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(attach)
    .where(inArray(attach.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A stored file's bytes as a stream from wherever it is kept; `done` frees the storage's connections. */
export async function openStored(db: Db, files: FileStore, row: AttachRow) {
  const holder = await files.holding(db, row.ossId);
  try {
    const body = await holder.storage.read(row.name);
    body.once('close', () => holder.close());
    return body;
  } catch (e) {
    holder.close();
    throw e;
  }
}

/**
 * The SHA-256 of an attachment: the one its upload computed, or — for a file stored before uploads kept it — read
 * once from the stored bytes.
 */
export async function sha256Of(db: Db, files: FileStore | null, row: AttachRow): Promise<string> {
  if (row.sha256) return row.sha256;
  if (!files) throw new Error(`attachment ${row.id} has no SHA-256 and no storage was given to read it`);
  const hash = createHash('sha256');
  for await (const chunk of await openStored(db, files, row)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
