import { type StoredUpload, UPLOAD_CATEGORIES, type UploadCategory } from '@shixun/contracts';
import { Metadata, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { OncePerKey } from '../../../core/files/once-per-key.ts';
import { AppError, badRequest, notFound } from '../../../core/http/errors.ts';
import { findStoredUpload, storeUpload } from '../stored-upload.ts';
import { categoryRules, checkContent, displayName, sha256OfFile } from '../upload.ts';
import { ownerOf, type UploadRecord, type UploadStore } from './tus.store.ts';

/** A declared length: digits only (no sign, no exponent), as the tus protocol writes it. */
const LENGTH = /^\d{1,16}$/;

/**
 * What the resumable-upload routes decide before and after @tus/server moves the bytes: whether an upload may be
 * created (metadata, declared length against the category's largest limit), whose it is, and what a finished one
 * becomes (checked, hashed and stored exactly like put-file's).
 */
export class ResumableUploads {
  /** Finishing uploads of this instance: a final PATCH and a result call racing store the file once. */
  private readonly finishing = new OncePerKey<StoredUpload>();

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    readonly uploads: UploadStore,
  ) {}

  /**
   * Checks a creation: `filename` and `category` in `Upload-Metadata`, an `Upload-Length` within the category's
   * largest size (a deferred length is refused: the size must be known before any byte is taken). Answers the
   * metadata the upload is created with — the checked name and category and its owner, nothing the client made up.
   */
  async admit(p: Principal, headers: { length?: string; metadata?: string }): Promise<string> {
    let meta: Record<string, string | null>;
    try {
      meta = Metadata.parse(headers.metadata);
    } catch {
      throw badRequest('file.tus.metadata');
    }
    const category = meta.category ?? 'file';
    if (!meta.filename || !UPLOAD_CATEGORIES.includes(category as UploadCategory)) {
      throw badRequest('file.tus.metadata');
    }
    if (!headers.length || !LENGTH.test(headers.length)) throw badRequest('file.tus.length');
    const length = Number(headers.length);
    if (length === 0) throw badRequest('file.empty');
    const rules = await categoryRules(this.db, category as UploadCategory);
    if (length > rules.largest) throw rules.tooLarge(rules.largest);
    return Metadata.stringify({ filename: displayName(meta.filename), category, owner: ownerOf(p) });
  }

  /** The caller's own upload; another user's or tenant's answers exactly like an unknown id. */
  async own(p: Principal, id: string): Promise<{ upload: Upload; record: UploadRecord }> {
    const found = await this.uploads.recordOf(id);
    if (!found || found.record.owner !== ownerOf(p)) throw notFound();
    return found;
  }

  /**
   * What a finished upload became. Normally stored by its last PATCH; one whose bytes are all here but that is not
   * stored yet (the instance stopped in between, storage failed) is stored now.
   */
  async result(p: Principal, id: string, log: FastifyBaseLogger): Promise<StoredUpload> {
    const { record } = await this.own(p, id);
    if (record.attachId) {
      const stored = await findStoredUpload(this.db, p, record.attachId);
      if (!stored) throw notFound();
      return stored;
    }
    const upload = await this.uploads.getUpload(id);
    if (upload.size === undefined || upload.offset < upload.size) throw new AppError(409, 'file.tus.unfinished');
    return this.finish(p, upload, log);
  }

  /** Stores a finished upload once, however many calls ask at the same time. */
  finish(p: Principal, upload: Upload, log: FastifyBaseLogger): Promise<StoredUpload> {
    return this.finishing.run(upload.id, () => this.store(p, upload, log));
  }

  /**
   * Checks kind and size from the content as put-file does (a refused file is removed: nothing of it stays), hashes
   * it, and stores it through put-file's path. The attachment's `create_time` is when the upload was created.
   * A storage failure keeps the bytes, so asking for the result again retries.
   */
  private async store(p: Principal, upload: Upload, log: FastifyBaseLogger): Promise<StoredUpload> {
    const meta = upload.metadata ?? {};
    const category = meta.category as UploadCategory;
    const tmp = this.uploads.bytesOf(upload.id);
    const size = upload.size ?? 0;
    let kind: Awaited<ReturnType<typeof checkContent>>;
    try {
      kind = await checkContent(tmp, size, await categoryRules(this.db, category));
    } catch (e) {
      await this.uploads.discard(upload.id);
      throw e;
    }
    const stored = await storeUpload(
      this.db,
      this.files,
      p,
      {
        tmp,
        size,
        ...kind,
        originalName: displayName(meta.filename),
        category,
        sha256: this.uploads.takeHash(upload.id, size) ?? (await sha256OfFile(tmp)),
        beganAt: upload.creation_date ? new Date(upload.creation_date) : undefined,
      },
      log,
    );
    await this.uploads.markStored(upload, stored.attachId);
    await this.uploads.removeBytes(upload.id); // moved away already on the local disk; copied to a bucket
    return stored;
  }
}
