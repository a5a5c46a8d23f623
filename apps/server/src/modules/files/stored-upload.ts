import type { StoredUpload } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { type CheckedFile, storeFile } from '../../core/files/store-file.ts';
import { attach } from '../../db/schema/index.ts';

type AttachFields = Pick<
  typeof attach.$inferSelect,
  'id' | 'link' | 'domain' | 'name' | 'originalName' | 'attachSize' | 'sha256' | 'createTime'
>;

/** An attachment as the uploader learns it: put-file's answer, and a finished resumable upload's result. */
function storedUploadOf(row: AttachFields): StoredUpload {
  return {
    link: row.link,
    domain: row.domain,
    name: row.name,
    originalName: row.originalName,
    attachId: row.id,
    size: row.attachSize,
    sha256: row.sha256 ?? '',
    beganAt: row.createTime.toISOString(),
  };
}

/**
 * Stores a checked upload — a put-file body or a finished resumable upload — through the one storage path
 * (core/files/store-file.ts) and answers what it became.
 */
export async function storeUpload(
  db: Db,
  files: FileStore,
  p: Principal,
  file: CheckedFile,
  log: Parameters<typeof storeFile>[4],
): Promise<StoredUpload> {
  const stored = await storeFile(db, files, p, file, log);
  return storedUploadOf({
    ...stored,
    originalName: file.originalName,
    attachSize: file.size,
    sha256: file.sha256,
  });
}

/** A stored upload of the caller's tenant, by attachment id; null once it has been removed. */
export async function findStoredUpload(db: Db, p: Principal, attachId: string): Promise<StoredUpload | null> {
  const [row] = await db
    .select()
    .from(attach)
    .where(and(eq(attach.id, attachId), eq(attach.tenantId, p.tenantId), eq(attach.isDeleted, 0)));
  return row ? storedUploadOf(row) : null;
}
