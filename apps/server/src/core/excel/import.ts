import { type ImportIssue, type Locale, translate } from '@shixun/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { IMPORT_MAX_BYTES } from './sheet.ts';

/** The file had problems: nothing was imported, and these say where. */
export class ImportRejected extends Error {
  constructor(
    readonly issues: ImportIssue[],
    readonly rows: number,
  ) {
    super('import rejected');
  }
}

/** Report entries beyond this many are left out; the message still counts every faulty row. */
export const MAX_ISSUES = 1000;

/**
 * The uploaded `file` part, read whole within the import's size limit (`maxBytes`), with the name it was uploaded under;
 * `isCovered` from the query or the form.
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes = IMPORT_MAX_BYTES,
): Promise<{ file: Buffer; name: string; covered: boolean; field: (name: string) => string | undefined }> {
  if (!req.isMultipart()) throw badRequest('user.import.noFile');
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw badRequest('user.import.noFile');
  let file: Buffer;
  try {
    file = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('user.import.tooLarge', { mb: maxBytes / 1024 / 1024 });
    throw e;
  }
  // Form fields sent before the file part (multipart gives only those with it).
  const field = (name: string) => {
    const f = part.fields[name];
    return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
  };
  const fromQuery = (req.query as { isCovered?: string }).isCovered;
  return { file, name: part.filename, covered: (fromQuery ?? field('isCovered')) === '1', field };
}

/** An import's answer: its result, or HTTP 400 with the row report when the file was refused (nothing written). */
export async function importAnswer<T>(reply: FastifyReply, locale: Locale, run: () => Promise<T>) {
  try {
    return ok(locale, await run());
  } catch (e) {
    if (!(e instanceof ImportRejected)) throw e;
    const msg = translate(locale, 'user.import.failed', { rows: e.rows });
    return reply.status(400).send({ code: 400, success: false, data: e.issues, msg });
  }
}
