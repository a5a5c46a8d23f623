import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
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
import { badRequest } from '../../core/http/errors.ts';
import { paramValue } from '../../core/settings/params.ts';

/** A checked upload waiting in the temporary directory; `discard` removes it (always call it). */
export interface ReceivedFile {
  tmp: string;
  size: number;
  ext: FileExt;
  contentType: string;
  originalName: string;
  discard(): Promise<void>;
}

const GROUPS = Object.keys(DEFAULT_GROUP_MAX_MB) as FileGroup[];

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

/** The name shown to people: no folders, no control characters, at most 255 characters. Never a path. */
export function displayName(raw: string | undefined): string {
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
 * Streams the multipart `file` part to a temporary file (never whole in memory), within the largest size the
 * category allows, then decides what it is from its bytes and checks kind and size against the category.
 * Anything refused, aborted or failed leaves nothing behind.
 */
export async function receiveUpload(
  req: FastifyRequest,
  opts: { db: Db; tmpDir: string; category: UploadCategory },
): Promise<ReceivedFile> {
  const { category } = opts;
  const limits = await groupLimits(opts.db);
  const allowed = CATEGORY_EXTS[category];
  const limitOf = (ext: FileExt) => (category === 'avatar' ? AVATAR_MAX_BYTES : limits[FILE_KINDS[ext].group]);
  const streamLimit = Math.max(...allowed.map(limitOf));
  const tooLarge = (bytes: number) =>
    category === 'avatar' ? badRequest('file.avatar.size') : badRequest('file.tooLarge', { size: sizeText(bytes) });

  if (!req.isMultipart()) throw badRequest('file.required');
  const part = await req
    .file({ limits: { fileSize: streamLimit, files: 1 }, throwFileSizeLimit: false })
    .catch(incompleteForm);
  if (part?.fieldname !== 'file') throw badRequest('file.required');

  await mkdir(opts.tmpDir, { recursive: true });
  const tmp = path.join(opts.tmpDir, randomBytes(16).toString('hex'));
  const discard = () => rm(tmp, { force: true });
  try {
    await pipeline(part.file, createWriteStream(tmp, { flags: 'wx' })).catch(incompleteForm);
    if (part.file.truncated) throw tooLarge(streamLimit);
    const { size } = await stat(tmp);
    if (size === 0) throw badRequest('file.empty');
    const ext = await sniffFile(tmp);
    if (!ext || !allowed.includes(ext)) {
      if (category === 'avatar') throw badRequest('file.avatar.type');
      throw badRequest('file.type', { types: allowed.join(', ') });
    }
    if (size > limitOf(ext)) throw tooLarge(limitOf(ext));
    return {
      tmp,
      size,
      ext,
      contentType: FILE_KINDS[ext].mime,
      originalName: displayName(part.filename),
      discard,
    };
  } catch (e) {
    await discard();
    throw e;
  }
}
