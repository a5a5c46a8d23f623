import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { idSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ok } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { oss } from '../../../db/schema/index.ts';
import { mountEnable } from '../sealed-config.ts';
import { ossResource } from './oss.resource.ts';

const byId = { querystring: z.object({ id: idSchema }) };

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

export function ossRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  const { db } = deps;
  const base = '/api/blade-resource/oss';

  mountEnable(app, db, { def: ossResource, table: oss, disabled: 'oss.disabled' });

  /** Puts a small object into the bucket and removes it again: the settings work, or the reason why not. */
  app.post(`${base}/test`, { config: { access: access.permission('oss_edit') }, schema: byId }, async (req) => {
    const p = principalOf(req);
    const { id } = req.query;
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
    return ok(localeOf(req), null, 'ok.default');
  });
}
