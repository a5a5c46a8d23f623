import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { oss } from '../../../db/schema/index.ts';
import { ossResource } from './oss.resource.ts';

/** A short, secret-free reason from an S3 or network error: its code or name, never its message or request. */
function reasonOf(e: unknown): string {
  const err = e as { Code?: string; code?: string; name?: string; cause?: { code?: string } };
  const reason = err.Code ?? err.cause?.code ?? err.code ?? err.name ?? 'Error';
  return (
    String(reason)
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 64) || 'Error'
  );
}

/** Puts a small object into the config's bucket and removes it again: the settings work, or a 400 saying why not. */
export async function probeOss(deps: { db: Db; files: FileStore }, p: Principal, id: string): Promise<void> {
  const { db } = deps;
  const scope = await accessScope(db, ossResource, p);
  const [row] = await db
    .select()
    .from(oss)
    .where(and(scope, eq(oss.id, id)));
  if (!row) throw notFound();
  const target = await deps.files.ofRow(db, row);
  const tmpDir = path.join(deps.files.filesDir, '.tmp');
  await mkdir(tmpDir, { recursive: true });
  const probe = path.join(tmpDir, `probe-${randomBytes(8).toString('hex')}`);
  await writeFile(probe, 'Shixun storage check\n');
  try {
    const key = `${p.tenantId}/00000000/shixun-check-${randomBytes(12).toString('hex')}.txt`;
    await target.storage.put(key, probe, { size: 21, contentType: 'text/plain' });
    await target.storage.remove(key);
  } catch (e) {
    throw badRequest('oss.test.failed', { reason: reasonOf(e) });
  } finally {
    target.close();
    await rm(probe, { force: true });
  }
}
