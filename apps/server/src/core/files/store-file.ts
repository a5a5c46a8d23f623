import { randomBytes } from 'node:crypto';
import type { UploadCategory } from '@shixun/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { attach } from '../../db/schema/index.ts';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { badRequest } from '../http/errors.ts';
import type { FileStore } from './file-store.ts';

/** `yyyyMMdd` in UTC, the middle part of an object key. */
function day(now = new Date()): string {
  return now.toISOString().slice(0, 10).replaceAll('-', '');
}

/** `<tenant>/<yyyyMMdd>/<32 random URL-safe characters>.<ext>`: the random part is what makes a link private. */
export function newObjectKey(tenantId: string, ext: string): string {
  return `${tenantId}/${day()}/${randomBytes(24).toString('base64url')}.${ext}`;
}

/** A checked file waiting in a temporary path (core/files/sniff.ts decided its extension and type). */
export interface CheckedFile {
  tmp: string;
  size: number;
  ext: string;
  contentType: string;
  originalName: string;
  /** The upload category it was checked against. */
  category: UploadCategory;
  /** SHA-256 of its bytes (hex), computed while they arrived: what a hand-in's receipt shows. */
  sha256: string;
  /**
   * When the upload began, kept as the attachment's `create_time`; default now. A resumable upload keeps the moment
   * it was started, so a hand-in begun before a deadline counts as begun before it however long the bytes took.
   */
  beganAt?: Date;
}

/**
 * Puts a checked file into the tenant's storage (local disk or its bucket) and records it as an attachment: the one
 * way an upload, an editor picture or a picture of an imported document becomes a link rich text may show.
 */
export async function storeFile(
  db: Db,
  files: FileStore,
  p: Principal,
  file: CheckedFile,
  log: FastifyBaseLogger,
): Promise<{ id: string; link: string; domain: string; name: string; createTime: Date }> {
  const target = await files.forUpload(db, p.tenantId);
  try {
    const key = newObjectKey(p.tenantId, file.ext);
    try {
      await target.storage.put(key, file.tmp, { size: file.size, contentType: file.contentType });
    } catch (e) {
      log.warn({ err: e }, 'storing an upload failed');
      throw badRequest('file.storage.failed', { reason: (e as Error).name || 'Error' });
    }
    const { link, domain } = target.storage.linkOf(key);
    const now = new Date();
    const id = newId();
    const createTime = file.beganAt ?? now;
    await db.insert(attach).values({
      id,
      tenantId: p.tenantId,
      link,
      domain,
      name: key,
      originalName: file.originalName,
      extension: file.ext,
      contentType: file.contentType,
      attachSize: file.size,
      sha256: file.sha256,
      category: file.category,
      ossId: target.ossId,
      createUser: p.userId,
      createDept: p.deptId,
      createTime,
      updateUser: p.userId,
      updateTime: now,
    });
    return { id, link, domain, name: key, createTime };
  } finally {
    target.close();
  }
}
