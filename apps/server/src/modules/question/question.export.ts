import { type exportQuestionsQuerySchema, FILE_KINDS, type Locale } from '@shixun/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { storedPictures } from '../../core/docx/pictures.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { XLSX_TYPE } from '../../core/http/download.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { question, questionLib } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { loadDrafts } from './question.drafts.ts';
import { childOrder, questionResource } from './question.resource.ts';
import { writeExcel } from './transfer/excel.ts';
import { MOODLE_TYPE, writeMoodle } from './transfer/formats/moodle-write.ts';
import { writeWord } from './transfer/word-write.ts';

/**
 * A library the caller may read, or a selection of questions they may read, as Excel (for re-import), Word (with
 * or without answers) or Moodle XML (for Moodle, or re-import), named for the library; another teacher's private
 * library is 404.
 */
export async function exportQuestions(
  deps: { db: Db; files: FileStore },
  p: Principal,
  locale: Locale,
  q: z.infer<typeof exportQuestionsQuerySchema>,
) {
  const { db, files } = deps;
  const ids = (q.ids ?? '').split(',').filter((id) => /^\d{1,19}$/.test(id));
  let title = locale === 'zh' ? '试题' : 'Questions';
  const scope = await accessScope(db, questionResource, p);
  let where: SQL | undefined;
  if (ids.length) {
    where = and(scope, inArray(question.id, ids));
  } else if (q.libId) {
    const [lib] = await db
      .select({ name: questionLib.name })
      .from(questionLib)
      .where(
        and(
          eq(questionLib.tenantId, p.tenantId),
          eq(questionLib.isDeleted, 0),
          eq(questionLib.id, q.libId),
          libraryPolicy.condition(await libraryPolicy.reader(db, p), 'read'),
        ),
      );
    if (!lib) throw notFound();
    title = lib.name;
    where = and(scope, eq(question.libId, q.libId), eq(question.parentId, '0'));
  } else {
    throw badRequest('question.pick');
  }
  const rows = await db
    .select()
    .from(question)
    .where(where)
    .orderBy(asc(question.libId), ...childOrder)
    .limit(5000);
  if (ids.length && rows.length !== new Set(ids).size) throw notFound();
  const drafts = await loadDrafts(db, p.tenantId, rows);
  const stamp = new Date().toISOString().slice(0, 10);
  if (q.format === 'xlsx') {
    return {
      body: await writeExcel(drafts, locale),
      type: XLSX_TYPE,
      asciiName: `questions-${stamp}.xlsx`,
      name: `${title}-${stamp}.xlsx`,
    };
  }
  if (q.format === 'moodle') {
    return {
      body: await writeMoodle(drafts, { title, pictures: storedPictures(files, p.tenantId) }),
      type: MOODLE_TYPE,
      asciiName: `questions-moodle-${stamp}.xml`,
      name: `${title}-moodle-${stamp}.xml`,
    };
  }
  const body = await writeWord(drafts, {
    title,
    withAnswers: q.withAnswers !== '0',
    pictures: storedPictures(files, p.tenantId),
  });
  return { body, type: FILE_KINDS.docx.mime, asciiName: `questions-${stamp}.docx`, name: `${title}-${stamp}.docx` };
}
