import { type ImportProgress, type Locale, translate } from '@shixun/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { notFound } from '../../core/http/errors.ts';
import { type JobDefinition, scheduleJob } from '../../core/jobs/runner.ts';
import { questionImport, questionImportPart, questionLib } from '../../db/schema/index.ts';
import { insertDrafts } from './question.drafts.ts';

/**
 * Questions a job saves in one transaction: a few hundred milliseconds, so that an import of thousands never holds
 * the database (PGlite's one connection) for long while students are taking exams.
 */
const IMPORT_PART_SIZE = 500;

type Drafts = Parameters<typeof insertDrafts>[3];

/**
 * Saves `drafts` (checked and sanitised) into `libId` in the background: the import and its parts are written in
 * the caller's transaction with the job that saves the first part, so nothing waits unless all of it does.
 */
export async function saveInParts(db: Db, p: Principal, libId: string, drafts: Drafts): Promise<string> {
  const importId = newId();
  await db.insert(questionImport).values({
    id: importId,
    tenantId: p.tenantId,
    libId,
    total: drafts.length,
    createUser: p.userId,
    createDept: p.deptId,
    updateUser: p.userId,
  });
  for (let seq = 0; seq * IMPORT_PART_SIZE < drafts.length; seq++) {
    const part = drafts.slice(seq * IMPORT_PART_SIZE, (seq + 1) * IMPORT_PART_SIZE);
    await db.insert(questionImportPart).values({ id: newId(), importId, seq, drafts: part });
  }
  await scheduleJob(db, importPartJob, { importId });
  return importId;
}

/** Tries of a part before the import is marked failed (its earlier parts stay saved). */
const PART_ATTEMPTS = 3;

/**
 * Saves the next part of an import, then schedules the one after it (or marks the import done), all in the job's
 * transaction: a crash rolls the part back and the job runs it again. A library removed meanwhile, or a part that
 * fails on its last try, ends the import as failed.
 */
export const importPartJob: JobDefinition<{ importId: string }> = {
  name: 'question.importPart',
  payload: z.object({ importId: z.string() }),
  maxAttempts: PART_ATTEMPTS + 1,
  async run({ db, attempt, log }, { importId }) {
    const [job] = await db.select().from(questionImport).where(eq(questionImport.id, importId));
    if (job?.state !== 'saving') return;
    // A failed import's parts left unsaved go: its teacher imports those questions again from the file.
    const end = async (state: 'done' | 'failed', error = '') => {
      await db.delete(questionImportPart).where(eq(questionImportPart.importId, importId));
      await db
        .update(questionImport)
        .set({ state, error, updateTime: new Date() })
        .where(eq(questionImport.id, importId));
    };
    const [lib] = await db
      .select({ id: questionLib.id })
      .from(questionLib)
      .where(and(eq(questionLib.id, job.libId), eq(questionLib.tenantId, job.tenantId), eq(questionLib.isDeleted, 0)));
    if (!lib) return void (await end('failed', 'libraryRemoved'));
    const [part] = await db
      .select()
      .from(questionImportPart)
      .where(eq(questionImportPart.importId, importId))
      .orderBy(asc(questionImportPart.seq))
      .limit(1);
    if (!part) return void (await end('done'));
    const writer = { tenantId: job.tenantId, userId: job.createUser ?? '0', deptId: job.createDept };
    const drafts = part.drafts as Drafts;
    try {
      // Its own savepoint: a failed part is undone while the failure itself is still recorded below.
      await db.transaction(async (tx) => {
        await insertDrafts(tx, writer, job.libId, drafts);
        await tx.delete(questionImportPart).where(eq(questionImportPart.id, part.id));
        await tx
          .update(questionImport)
          .set({ saved: sql`${questionImport.saved} + ${drafts.length}`, updateTime: new Date() })
          .where(eq(questionImport.id, importId));
      });
    } catch (err) {
      if (attempt < PART_ATTEMPTS) throw err;
      log.error({ err, importId, seq: part.seq }, 'question import: a part could not be saved');
      return void (await end('failed', 'partFailed'));
    }
    const [next] = await db
      .select({ id: questionImportPart.id })
      .from(questionImportPart)
      .where(eq(questionImportPart.importId, importId))
      .limit(1);
    if (next) await scheduleJob(db, importPartJob, { importId });
    else await end('done');
  },
};

/** A large import's progress, for the teacher who started it; anyone else's is 404 (as one that does not exist). */
export async function importProgress(db: Db, p: Principal, locale: Locale, id: string): Promise<ImportProgress> {
  const [row] = await db
    .select()
    .from(questionImport)
    .where(
      and(eq(questionImport.id, id), eq(questionImport.tenantId, p.tenantId), eq(questionImport.createUser, p.userId)),
    );
  if (!row) throw notFound();
  const state = row.state as ImportProgress['state'];
  const error = row.error ? translate(locale, `question.import.failed.${row.error}`) : '';
  return { id: row.id, libId: row.libId, total: row.total, saved: row.saved, state, error };
}
