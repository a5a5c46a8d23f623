import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type PutFileResult, putFileQuerySchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, can, principalOf } from '../../../core/access/guard.ts';
import { assertUnreferenced } from '../../../core/crud/references.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { convertedPath } from '../../../core/files/office-pdf.ts';
import { ok } from '../../../core/http/envelope.ts';
import { forbidden, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import { attach } from '../../../db/schema/index.ts';
import { storeUpload } from '../stored-upload.ts';
import { assertUploadBudget, receiveUpload } from '../upload.ts';

export function ossEndpointRoutes(app: TypedApp, deps: { db: Db; files: FileStore; store: KvStore }): void {
  const { db, files } = deps;
  const base = '/api/blade-resource/oss/endpoint';

  /**
   * Any signed-in user may upload (avatars, editor images, coursework); what is accepted is decided by the
   * category and the file's content. The file lands in the tenant's storage and is recorded as an attachment.
   */
  app.post(
    `${base}/put-file`,
    { config: { access: access.signedIn }, schema: { querystring: putFileQuerySchema } },
    async (req) => {
      const p = principalOf(req);
      const { category } = req.query;
      await assertUploadBudget(deps.store, p.userId);
      const file = await receiveUpload(req, { db, tmpDir: path.join(files.filesDir, '.tmp'), category });
      try {
        const data: PutFileResult = await storeUpload(db, files, p, { ...file, category }, req.log);
        return ok(localeOf(req), data);
      } finally {
        await file.discard();
      }
    },
  );

  /**
   * Removes a stored file and its attachment by object name: the uploader may remove their own, `attach_delete`
   * any of the tenant's. A file still in use stays.
   */
  app.post(
    `${base}/remove-file`,
    {
      config: { access: access.signedIn },
      schema: { querystring: z.object({ fileName: z.string({ error: 'file.path.invalid' }).min(1).max(255) }) },
    },
    async (req) => {
      const p = principalOf(req);
      const { fileName } = req.query;
      const [row] = await db
        .select()
        .from(attach)
        .where(and(eq(attach.tenantId, p.tenantId), eq(attach.name, fileName), eq(attach.isDeleted, 0)));
      if (!row) throw notFound();
      if (row.createUser !== p.userId && !(await can(req, 'attach_delete'))) throw forbidden();
      await assertUnreferenced(
        db,
        { locale: localeOf(req), tenantId: p.tenantId },
        'attach',
        [{ key: row.link, name: row.originalName }],
        'attach.inUse',
      );
      await db
        .update(attach)
        .set({ isDeleted: 1, updateUser: p.userId, updateTime: new Date() })
        .where(eq(attach.id, row.id));
      await removeStored(db, files, [row], (err) => req.log.warn({ err }, 'removing a stored file failed'));
      return ok(localeOf(req), null, 'ok.default');
    },
  );
}

/** Deletes the objects behind removed attachments; a failure is logged, the attachment stays removed. */
export async function removeStored(
  db: Db,
  files: FileStore,
  rows: { name: string; ossId: string | null }[],
  warn: (err: unknown) => void,
): Promise<void> {
  for (const row of rows) {
    try {
      const holder = await files.holding(db, row.ossId);
      try {
        await holder.storage.remove(row.name);
      } finally {
        holder.close();
      }
      await rm(convertedPath(files.filesDir, row.name), { force: true });
    } catch (e) {
      warn(e);
    }
  }
}
