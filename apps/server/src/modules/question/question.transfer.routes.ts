import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  exportQuestionsQuerySchema,
  FILE_KINDS,
  type ImportPreview,
  importQuestionsQuerySchema,
  importTemplateQuerySchema,
  type Locale,
  type PreviewQuestion,
  type QuestionDraft,
  translate,
} from '@shixun/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { access, principalOf, requirePermission } from '../../core/access/guard.ts';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { storedPictures } from '../../core/docx/pictures.ts';
import { readUpload } from '../../core/excel/import.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sniffFile } from '../../core/files/sniff.ts';
import { storeFile } from '../../core/files/store-file.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { question, questionLib } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { insertDrafts, knowledgeByName, loadDrafts, mapText } from './question.drafts.ts';
import { editableLib, richTextCleaner } from './question.hooks.ts';
import { childOrder, questionResource } from './question.resource.ts';
import { excelTemplate, writeExcel } from './transfer/excel.ts';
import { EXAMPLES } from './transfer/excel-examples.ts';
import { formulasAsNodes } from './transfer/html.ts';
import { ImportReader } from './transfer/import-reader.ts';
import { FileRefused } from './transfer/office-file.ts';
import { type ImportPicture, previewHtml, replacePictures } from './transfer/pictures.ts';
import type { ReadFile } from './transfer/read-file.ts';
import type { ImportProblem } from './transfer/types.ts';
import { writeWord } from './transfer/word-write.ts';

const base = '/api/exam/pc/question';
const DOCX_TYPE = FILE_KINDS.docx.mime;

/**
 * Reads an upload in the import worker. A file it cannot read is a 400 that says what is wrong with it in the
 * caller's language; what a parser threw about it is logged (a parser's words are not the user's).
 */
async function readImport(reader: ImportReader, locale: Locale, log: FastifyBaseLogger, file: Buffer, name: string) {
  try {
    return await reader.read(file, name);
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    if (e.parserError) log.warn({ err: e.parserError }, 'question import: a parser could not read the file');
    throw badRequest('question.import.invalid', {
      kind: translate(locale, `question.import.kind.${e.kind ?? 'any'}`),
      reason: translate(locale, `question.import.reason.${e.reason}`, e.detail),
    });
  }
}

function problemText(locale: Locale, p: ImportProblem): string {
  const text = translate(locale, p.key, p.params ?? {});
  return p.params?.child ? `${translate(locale, 'question.import.child', { child: p.params.child })}：${text}` : text;
}

/** Knowledge points a draft names that the tree does not have, as problems; and the ids of those it has. */
function matchKnowledge(d: QuestionDraft, names: Map<string, string>) {
  const ids: string[] = [];
  const problems: ImportProblem[] = [];
  for (const name of d.knowledge) {
    const id = names.get(name.trim());
    if (id) ids.push(id);
    else problems.push({ key: 'question.import.knowledge', params: { value: name } });
  }
  return { ids, problems };
}

/** The questions of a file read, with their problems (knowledge points matched to the tree); pictures held back. */
async function readQuestions(db: Db, p: Principal, read: ReadFile) {
  const names = await knowledgeByName(db, p.tenantId);
  const questions = read.questions.map((q) => {
    const draft = mapText(q.draft, formulasAsNodes);
    const own = matchKnowledge(draft, names);
    const children = draft.children.map((c, i) => {
      const matched = matchKnowledge(c, names);
      return {
        draft: c,
        flagIds: matched.ids,
        problems: matched.problems.map((x) => ({ ...x, params: { ...x.params, child: i + 1 } })),
      };
    });
    const problems = [...q.problems, ...own.problems, ...children.flatMap((c) => c.problems)];
    return { label: q.label, draft, flagIds: own.ids, children, problems };
  });
  return { questions, pictures: read.pictures, prefix: read.prefix };
}

/**
 * The preview a teacher checks before importing: its text sanitised as saved text is, pictures of accepted kinds
 * shown inline, problems in their language. Sanitising takes about half a millisecond a field (seconds for 2000
 * questions): other requests get their turn after each question.
 */
async function previewOf(locale: Locale, read: Awaited<ReturnType<typeof readQuestions>>): Promise<ImportPreview> {
  const inline = (html: string) => previewHtml(html, read);
  const asPreview = (d: QuestionDraft, label: string, problems: string[]): PreviewQuestion => {
    const shown = mapText(d, inline);
    return { ...shown, label, problems, children: shown.children.map((c, i) => asPreview(c, `(${i + 1})`, [])) };
  };
  const questions: PreviewQuestion[] = [];
  for (const q of read.questions) {
    const label = translate(locale, q.label.key, q.label.params);
    questions.push(
      asPreview(
        q.draft,
        label,
        q.problems.map((x) => problemText(locale, x)),
      ),
    );
    await nextTurn();
  }
  return { total: questions.length, errorCount: errorCount(read), questions };
}

const errorCount = (read: Awaited<ReturnType<typeof readQuestions>>) =>
  read.questions.filter((q) => q.problems.length).length;

/**
 * Stores the pictures the questions use as attachments of the tenant (`core/files/store-file.ts`), each checked by
 * its content like any upload; a picture that is not one of the accepted kinds is left out.
 */
async function storePictures(
  db: Db,
  files: FileStore,
  p: Principal,
  pictures: ImportPicture[],
  log: Parameters<typeof storeFile>[4],
): Promise<Map<number, string>> {
  const links = new Map<number, string>();
  const dir = path.join(files.filesDir, '.tmp');
  await mkdir(dir, { recursive: true });
  for (const [i, pic] of pictures.entries()) {
    const tmp = path.join(dir, `import-${newId()}`);
    await writeFile(tmp, pic.bytes);
    try {
      const ext = await sniffFile(tmp);
      if (!ext || FILE_KINDS[ext].group !== 'image') continue;
      const stored = await storeFile(
        db,
        files,
        p,
        {
          tmp,
          size: pic.bytes.length,
          ext,
          contentType: FILE_KINDS[ext].mime,
          originalName: pic.name || `picture-${i + 1}.${ext}`,
          category: 'image',
        },
        log,
      );
      links.set(i, stored.link);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return links;
}

/** Import (preview, then confirm), export and the templates of the question bank. */
export function questionTransferRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;
  const reader = new ImportReader();
  app.addHook('onClose', () => reader.close());

  /**
   * `import?libId=&confirm=0`: reads a .docx or .xlsx and answers the preview (every question with its problems);
   * nothing is saved. `confirm=1` with the same file saves it — only when no question has a problem (else 400 with
   * the preview), in one transaction with its pictures.
   */
  app.post(
    `${base}/import`,
    { config: { access: access.permission('question_import') }, schema: { querystring: importQuestionsQuerySchema } },
    async (req, reply) => {
      await requirePermission(req, 'question_add');
      const p = principalOf(req);
      const locale = localeOf(req);
      const q = req.query;
      await editableLib(db, p, q.libId);
      const upload = await readUpload(req);
      const read = await readQuestions(db, p, await readImport(reader, locale, req.log, upload.file, upload.name));
      if (q.confirm !== '1') return ok(locale, await previewOf(locale, read));
      if (errorCount(read) > 0) {
        const msg = translate(locale, 'question.import.hasErrors', { count: errorCount(read) });
        return reply.status(400).send({ code: 400, success: false, data: await previewOf(locale, read), msg });
      }
      const count = await db.transaction(async (tx) => {
        await editableLib(tx, p, q.libId);
        const links = await storePictures(tx, files, p, read.pictures, req.log);
        const clean = await richTextCleaner(tx, files, p);
        const keep = (html: string) => clean(replacePictures(html, read.prefix, (i) => links.get(i) ?? 'about:blank'));
        const drafts = [];
        for (const x of read.questions) {
          drafts.push({
            draft: mapText(x.draft, keep),
            flagIds: x.flagIds,
            children: x.children.map((c) => ({ draft: mapText(c.draft, keep), flagIds: c.flagIds })),
          });
          // Sanitising, as for the preview: other requests get their turn after each question.
          await nextTurn();
        }
        return (await insertDrafts(tx, p, q.libId, drafts)).length;
      });
      return { ...ok(locale, { count }), msg: translate(locale, 'question.import.done', { count }) };
    },
  );

  /** `import-template?format=xlsx|docx`: the Excel template, or a Word file of examples in the documented layout. */
  app.get(
    `${base}/import-template`,
    { config: { access: access.permission('question_import') }, schema: { querystring: importTemplateQuerySchema } },
    async (req, reply) => {
      const locale = localeOf(req);
      const format = req.query.format ?? 'xlsx';
      const name = locale === 'zh' ? '试题导入模板' : 'question-import-template';
      if (format === 'xlsx') {
        const body = await excelTemplate(locale);
        return sendDownload(reply, {
          body,
          type: XLSX_TYPE,
          asciiName: 'question-import-template.xlsx',
          name: `${name}.xlsx`,
        });
      }
      const body = await writeWord(EXAMPLES[locale], {
        title: locale === 'zh' ? '试题导入样例' : 'Question import example',
        withAnswers: true,
        pictures: { load: async () => undefined },
      });
      return sendDownload(reply, {
        body,
        type: DOCX_TYPE,
        asciiName: 'question-import-template.docx',
        name: `${name}.docx`,
      });
    },
  );

  /**
   * `export?format=xlsx|docx&libId=|ids=`: a library the caller may read, or a selection of questions they may read,
   * as Excel (for re-import) or Word (with or without answers). Another teacher's private library is 404.
   */
  app.get(
    `${base}/export`,
    { config: { access: access.permission('question_export') }, schema: { querystring: exportQuestionsQuerySchema } },
    async (req, reply) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const q = req.query;
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
        const body = await writeExcel(drafts, locale);
        return sendDownload(reply, {
          body,
          type: XLSX_TYPE,
          asciiName: `questions-${stamp}.xlsx`,
          name: `${title}-${stamp}.xlsx`,
        });
      }
      const body = await writeWord(drafts, {
        title,
        withAnswers: q.withAnswers !== '0',
        pictures: storedPictures(files, p.tenantId),
      });
      return sendDownload(reply, {
        body,
        type: DOCX_TYPE,
        asciiName: `questions-${stamp}.docx`,
        name: `${title}-${stamp}.docx`,
      });
    },
  );
}
