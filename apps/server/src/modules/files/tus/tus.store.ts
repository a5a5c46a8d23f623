import { createHash, type Hash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/server';
import type { Principal } from '../../../core/access/principal.ts';

/**
 * Resumable uploads wait under `<DATA_DIR>/files/.tus` (beside put-file's `.tmp`; never served: the stored-file
 * route serves object keys only): `<id>` holds the bytes so far, `<id>.json` what the upload is (@tus/file-store).
 * One instance's disk: several instances would need a shared directory and a shared lock (not done).
 */
export const uploadsDir = (filesDir: string) => path.join(filesDir, '.tus');

/** 144 random bits, URL-safe: an upload's URL cannot be guessed, and nothing else may reach the directory. */
export const newUploadId = () => randomBytes(18).toString('base64url');
export const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;

/** Who may continue an upload: the tenant and user that created it, kept in its metadata. */
export const ownerOf = (p: Principal) => `${p.tenantId}:${p.userId}`;

/** What we keep in an upload's metadata beside the client's `filename` and `category`. */
export interface UploadRecord {
  filename: string;
  category: string;
  owner: string;
  /** Set once the finished upload has been stored: the attachment it became. */
  attachId?: string;
}

/**
 * @tus/file-store, plus one rule: an upload that has been stored (its bytes moved into the tenant's storage) still
 * answers HEAD as complete, so a client whose last PATCH answer was lost learns that it is done (and asks for the
 * result) instead of starting over.
 */
export class UploadStore extends FileStore {
  /**
   * Each upload's SHA-256 so far, while its bytes arrive in order through this instance: the finished file is not
   * read a second time to hash it (the largest single cost of a hand-in). A part that fails, or an upload continued
   * after a restart, has none: it is hashed from disk when it finishes.
   */
  private readonly hashes = new Map<string, { hash: Hash; offset: number }>();

  constructor(directory: string) {
    super({ directory });
    // What we offer: no deferred length (the size is checked when an upload is created) and no `expiration`
    // header (incomplete uploads are removed 24 h after their last byte by tus.expire.ts, not at a fixed time).
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** The upload's record, or null for an unknown id (never a path outside the directory). */
  async recordOf(id: string): Promise<{ upload: Upload; record: UploadRecord } | null> {
    if (!UPLOAD_ID.test(id)) return null;
    const upload = (await this.configstore.get(id)) as Upload | undefined;
    const meta = upload?.metadata;
    if (!upload || !meta?.owner) return null;
    return {
      upload,
      record: {
        filename: meta.filename ?? '',
        category: meta.category ?? '',
        owner: meta.owner,
        ...(meta.attachId ? { attachId: meta.attachId } : {}),
      },
    };
  }

  /** Marks a finished upload as stored as this attachment (its bytes are gone from here). */
  async markStored(upload: Upload, attachId: string): Promise<void> {
    await this.configstore.set(upload.id, new Upload({ ...upload, metadata: { ...upload.metadata, attachId } }));
  }

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const known = this.hashes.get(id);
    this.hashes.delete(id);
    const hash = offset === 0 ? createHash('sha256') : known?.offset === offset ? known.hash : undefined;
    if (!hash) return super.write(readable, id, offset);
    let hashed = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        hashed += chunk.length;
        done(null, chunk);
      },
    });
    readable.once('error', (e) => tap.destroy(e));
    const next = await super.write(readable.pipe(tap), id, offset);
    if (next === offset + hashed) this.hashes.set(id, { hash, offset: next });
    return next;
  }

  /** The SHA-256 of a finished upload of `size` bytes if all of them were hashed as they arrived, else null. */
  takeHash(id: string, size: number): string | null {
    const running = this.hashes.get(id);
    this.hashes.delete(id);
    return running?.offset === size ? running.hash.digest('hex') : null;
  }

  /** Removes an upload, bytes and record, whatever is left of it. */
  async discard(id: string): Promise<void> {
    this.hashes.delete(id);
    if (!UPLOAD_ID.test(id)) return;
    await rm(path.join(this.directory, id), { force: true });
    await rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /** Removes the bytes of a stored upload; its record stays until it expires, for the result call. */
  async removeBytes(id: string): Promise<void> {
    await rm(this.bytesOf(id), { force: true });
  }

  /** The file holding the upload's bytes. */
  bytesOf(id: string): string {
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(this.directory, id);
  }

  override async getUpload(id: string): Promise<Upload> {
    const found = await this.recordOf(id);
    if (found?.record.attachId) return new Upload({ ...found.upload, offset: found.upload.size ?? 0 });
    return super.getUpload(id);
  }
}
