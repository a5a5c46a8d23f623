import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AVATAR_MAX_BYTES,
  CATEGORY_EXTS,
  DEFAULT_GROUP_MAX_MB,
  FILE_KINDS,
  type FileExt,
  type FileGroup,
  type UploadCategory,
  uploadParamKey,
} from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import { sniffFile } from '../../core/files/sniff.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { paramValue } from '../../core/settings/params.ts';

/** A checked upload waiting in the temporary directory; `discard` removes it (always call it). */
export interface ReceivedFile {
  tmp: string;
  size: number;
  ext: FileExt;
  contentType: string;
  originalName: string;
  /** SHA-256 of the bytes (hex), computed while they arrived. */
  sha256: string;
  discard(): Promise<void>;
}

const GROUPS = Object.keys(DEFAULT_GROUP_MAX_MB) as FileGroup[];

/** Uploads per user in a ten-minute window: plenty for a teacher's editor, a wall for a script filling the disk. */
const UPLOADS_PER_WINDOW = 120;
const WINDOW_SECONDS = 600;

/** Counts one upload of the caller (put-file, or the start of a resumable one); too many in the window is a 429. */
export async function assertUploadBudget(store: KvStore, userId: string): Promise<void> {
  if ((await store.incr(`upload:${userId}`, WINDOW_SECONDS)) > UPLOADS_PER_WINDOW) {
    throw new AppError(429, 'file.throttled');
  }
}

/** Each group's size limit in bytes: the `upload.<group>MaxMb` parameter, else the default. */
export async function groupLimits(db: Db): Promise<Record<FileGroup, number>> {
  const entries = await Promise.all(
    GROUPS.map(async (g) => {
      const mb = Number(await paramValue(db, uploadParamKey(g)));
      return [g, Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_GROUP_MAX_MB[g]) * 1024 * 1024)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<FileGroup, number>;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * What a category accepts: its kinds, each kind's size limit, and the largest of them — the most that may arrive
 * before the content is known (put-file's stream limit, the largest `Upload-Length` a resumable upload may declare).
 */
export interface CategoryRules {
  category: UploadCategory;
  allowed: FileExt[];
  limitOf(ext: FileExt): number;
  largest: number;
  /** The refusal of a file over `bytes`. */
  tooLarge(bytes: number): AppError;
}

export async function categoryRules(db: Db, category: UploadCategory): Promise<CategoryRules> {
  const limits = await groupLimits(db);
  const allowed = CATEGORY_EXTS[category];
  const limitOf = (ext: FileExt) => (category === 'avatar' ? AVATAR_MAX_BYTES : limits[FILE_KINDS[ext].group]);
  return {
    category,
    allowed,
    limitOf,
    largest: Math.max(...allowed.map(limitOf)),
    tooLarge: (bytes) =>
      category === 'avatar' ? badRequest('file.avatar.size') : badRequest('file.tooLarge', { size: sizeText(bytes) }),
  };
}

/**
 * Decides what a received file is from its bytes and checks kind and size against the category: the one check of
 * put-file and of a finished resumable upload. Throws the refusal; never removes the file (its owner does).
 */
export async function checkContent(
  file: string,
  size: number,
  rules: CategoryRules,
): Promise<{ ext: FileExt; contentType: string }> {
  if (size === 0) throw badRequest('file.empty');
  const ext = await sniffFile(file);
  if (!ext || !rules.allowed.includes(ext)) {
    if (rules.category === 'avatar') throw badRequest('file.avatar.type');
    throw badRequest('file.type', { types: rules.allowed.join(', ') });
  }
  if (size > rules.limitOf(ext)) throw rules.tooLarge(rules.limitOf(ext));
  return { ext, contentType: FILE_KINDS[ext].mime };
}

/** A pass-through that hashes what flows by: the SHA-256 of an upload without reading it a second time. */
export function sha256Tap(): Transform & { hex(): string } {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return Object.assign(tap, { hex: () => (digest ??= hash.digest('hex')) });
}

/** The SHA-256 of a file already on disk (a resumable upload arrives in parts, over requests and restarts). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The name shown to people: no folders, no control characters, at most 255 characters. Never a path. */
export function displayName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/\p{Cc}/gu, '').trim();
  return clean.slice(-255) || 'file';
}

/**
 * The form parser's complaints (cut off mid-upload, no boundary, malformed part headers) are the client's; a
 * failing disk (an error with a system call) is ours.
 */
function incompleteForm(e: unknown): never {
  const { syscall, statusCode } = e as { syscall?: string; statusCode?: number };
  throw e instanceof Error && !syscall && !statusCode ? badRequest('file.incomplete') : e;
}

/**
 * Streams the multipart `file` part to a temporary file (never whole in memory, hashed on the way), within the
 * largest size the category allows, then decides what it is from its bytes and checks kind and size against the
 * category. Anything refused, aborted or failed leaves nothing behind.
 */
export async function receiveUpload(
  req: FastifyRequest,
  opts: { db: Db; tmpDir: string; category: UploadCategory },
): Promise<ReceivedFile> {
  const rules = await categoryRules(opts.db, opts.category);

  if (!req.isMultipart()) throw badRequest('file.required');
  const part = await req
    .file({ limits: { fileSize: rules.largest, files: 1 }, throwFileSizeLimit: false })
    .catch(incompleteForm);
  if (part?.fieldname !== 'file') throw badRequest('file.required');

  await mkdir(opts.tmpDir, { recursive: true });
  const tmp = path.join(opts.tmpDir, randomBytes(16).toString('hex'));
  const discard = () => rm(tmp, { force: true });
  try {
    const tap = sha256Tap();
    await pipeline(part.file, tap, createWriteStream(tmp, { flags: 'wx' })).catch(incompleteForm);
    if (part.file.truncated) throw rules.tooLarge(rules.largest);
    const { size } = await stat(tmp);
    const kind = await checkContent(tmp, size, rules);
    return { tmp, size, ...kind, sha256: tap.hex(), originalName: displayName(part.filename), discard };
  } catch (e) {
    await discard();
    throw e;
  }
}
