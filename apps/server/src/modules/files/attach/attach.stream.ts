import type { FastifyReply } from 'fastify';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { attachment } from '../../../core/http/download.ts';
import { notFound } from '../../../core/http/errors.ts';
import type { attach } from '../../../db/schema/index.ts';

/**
 * A stored file under its original name, streamed from wherever it is kept (local disk or the bucket that stored
 * it). Never sniffed into anything else, never cached on the way.
 */
export async function sendStored(
  reply: FastifyReply,
  db: Db,
  files: FileStore,
  row: typeof attach.$inferSelect,
): Promise<FastifyReply> {
  const holder = await files.holding(db, row.ossId);
  const body = await holder.storage.read(row.name).catch(() => {
    holder.close();
    throw notFound();
  });
  body.once('close', () => holder.close());
  return reply
    .header('content-type', row.contentType)
    .header('content-length', row.attachSize)
    .header('content-disposition', attachment(`file.${row.extension}`, row.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'no-store')
    .send(body);
}
