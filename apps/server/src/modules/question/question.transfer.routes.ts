import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
import { question, questionLib } from '../../db/schema/index.ts';
import { libCondition, libReader } from './lib-access.ts';
import { insertDrafts, knowledgeByName, loadDrafts, mapText } from './question.drafts.ts';
import { editableLib, richTextCleaner } from './question.hooks.ts';
import { childOrder, questionResource } from './question.resource.ts';
import { excelTemplate, readExcel, writeExcel } from './transfer/excel.ts';
import { EXAMPLES } from './transfer/excel-examples.ts';
import { formulasAsNodes } from './transfer/html.ts';
import type { ImportProblem, ParsedQuestion } from './transfer/types.ts';
import { readWord } from './transfer/word-read.ts';
import { writeWord } from './transfer/word-write.ts';

const base = '/api/exam/pc/question';
const DOCX_TYPE = FILE_KINDS.docx.mime;
/** Stands for a picture of the file until it is known whether the import goes ahead. */
const PICTURE_SRC = /shixun-picture:(\d+)/g;

/** Pictures met while reading a file: kept in memory, each named by a placeholder in the question text. */
class PictureCollector {
  readonly pictures: { bytes: Buffer; contentType: string; name: string }[] = [];
  async save(bytes: Buffer, contentType: string, name: string): Promise<string> {
    this.pictures.push({ bytes, contentType, name });
    return `shixun-picture:${this.pictures.length - 1}`;
  }
}

/** What kind of file this is, by the part every file of the kind has. */
function kindOf(file: Buffer): 'docx' | 'xlsx' {
  const text = file.toString('latin1');
  if (text.includes('word/document.xml')) return 'docx';
  if (text.includes('xl/workbook.xml')) return 'xlsx';
  throw badRequest('question.import.file');
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

/** Reads an uploaded question file into questions with their problems, pictures held back (PictureCollector). */
async function readQuestions(db: Db, p: Principal, file: Buffer) {
  const collector = new PictureCollector();
  const parsed: ParsedQuestion[] = kindOf(file) === 'docx' ? await readWord(file, collector) : await readExcel(file);
  const names = await knowledgeByName(db, p.tenantId);
  const questions = parsed.map((q) => {
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
  return { questions, pictures: collector.pictures };
}

/** The preview a teacher checks before importing: pictures shown inline, problems in their language. */
function previewOf(locale: Locale, read: Awaited<ReturnType<typeof readQuestions>>): ImportPreview {
  const inline = (html: string) =>
    html.replace(PICTURE_SRC, (_, i: string) => {
      const pic = read.pictures[Number(i)]!;
      return `data:${pic.contentType};base64,${pic.bytes.toString('base64')}`;
    });
  const asPreview = (d: QuestionDraft, label: string, problems: string[]): PreviewQuestion => {
    const shown = mapText(d, inline);
    return { ...shown, label, problems, children: shown.children.map((c, i) => asPreview(c, `(${i + 1})`, [])) };
  };
  const questions = read.questions.map((q) =>
    asPreview(
      q.draft,
      translate(locale, q.label.key, q.label.params),
      q.problems.map((x) => problemText(locale, x)),
    ),
  );
  return { total: questions.length, errorCount: questions.filter((q) => q.problems.length).length, questions };
}

/**
 * Stores the pictures the questions use as attachments of the tenant (`core/files/store-file.ts`), each checked by
 * its content like any upload; a picture that is not one of the accepted kinds is left out.
 */
async function storePictures(
  db: Db,
  files: FileStore,
  p: Principal,
  pictures: PictureCollector['pictures'],
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
export function questionTransferRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;

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
      const q = req.query as z.infer<typeof importQuestionsQuerySchema>;
      await editableLib(db, p, q.libId);
      const { file } = await readUpload(req);
      const read = await readQuestions(db, p, file);
      const preview = previewOf(locale, read);
      if (q.confirm !== '1') return ok(locale, preview);
      if (preview.errorCount > 0) {
        const msg = translate(locale, 'question.import.hasErrors', { count: preview.errorCount });
        return reply.status(400).send({ code: 400, success: false, data: preview, msg });
      }
      const count = await db.transaction(async (tx) => {
        await editableLib(tx, p, q.libId);
        const links = await storePictures(tx, files, p, read.pictures, req.log);
        const clean = await richTextCleaner(tx, files, p);
        const keep = (html: string) =>
          clean(html.replace(PICTURE_SRC, (_, i: string) => links.get(Number(i)) ?? 'about:blank'));
        const drafts = read.questions.map((x) => ({
          draft: mapText(x.draft, keep),
          flagIds: x.flagIds,
          children: x.children.map((c) => ({ draft: mapText(c.draft, keep), flagIds: c.flagIds })),
        }));
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
      const format = (req.query as { format?: 'xlsx' | 'docx' }).format ?? 'xlsx';
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
      const q = req.query as z.infer<typeof exportQuestionsQuerySchema>;
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
              libCondition(await libReader(db, p), 'read'),
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
