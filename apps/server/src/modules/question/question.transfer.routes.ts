import {
  exportQuestionsQuerySchema,
  FILE_KINDS,
  importProgressQuerySchema,
  importQuestionsQuerySchema,
  importTemplateQuerySchema,
  translate,
} from '@shixun/contracts';
import { access, principalOf, requirePermission } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { readUpload } from '../../core/excel/import.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { exportQuestions } from './question.export.ts';
import { editableLib } from './question.hooks.ts';
import { importQuestionFile, parsePlan } from './question.import.ts';
import { importProgress } from './question.import-job.ts';
import { excelTemplate } from './transfer/excel.ts';
import { EXAMPLES } from './transfer/excel-examples.ts';
import { MOODLE_TYPE, writeMoodle } from './transfer/formats/moodle-write.ts';
import { ImportReader } from './transfer/import-reader.ts';
import { QUESTION_IMPORT_MAX_BYTES } from './transfer/office-file.ts';
import { writeWord } from './transfer/word-write.ts';

const base = '/api/exam/pc/question';
const DOCX_TYPE = FILE_KINDS.docx.mime;

/** Import (preview, then confirm), export and the templates of the question bank. */
export function questionTransferRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;
  const reader = new ImportReader();
  app.addHook('onClose', () => reader.close());

  /**
   * `import?libId=&confirm=0`: reads a question file as the form field `plan` says (sent before the file) and
   * answers the preview (every question with its problems); nothing is saved. `confirm=1` with the same file and
   * plan saves the questions kept — only when none of them has a problem (else 400 with the preview), in one
   * transaction with their pictures; more than IMPORT_SAVED_AT_ONCE are saved in the background (`{ importId, total }`,
   * followed by `import-progress`).
   */
  app.post(
    `${base}/import`,
    { config: { access: access.permission('question_import') }, schema: { querystring: importQuestionsQuerySchema } },
    async (req, reply) => {
      await requirePermission(req, 'question_add');
      const p = principalOf(req);
      const locale = localeOf(req);
      const { libId, confirm } = req.query;
      await editableLib(db, p, libId);
      const { file, name, field } = await readUpload(req, QUESTION_IMPORT_MAX_BYTES);
      const outcome = await importQuestionFile({ db, files, reader, log: req.log }, p, locale, {
        libId,
        confirm: confirm === '1',
        file,
        name,
        plan: parsePlan(field('plan')),
      });
      if ('preview' in outcome) return ok(locale, outcome.preview);
      if ('unmapped' in outcome) {
        const msg = translate(locale, 'question.import.noStem');
        return reply.status(400).send({ code: 400, success: false, data: outcome.unmapped, msg });
      }
      if ('refused' in outcome) {
        const msg = translate(locale, 'question.import.hasErrors', { count: outcome.refused.errorCount });
        return reply.status(400).send({ code: 400, success: false, data: outcome.refused, msg });
      }
      if ('started' in outcome) {
        const msg = translate(locale, 'question.import.started', { count: outcome.started.total });
        return { ...ok(locale, outcome.started), msg };
      }
      const count = outcome.saved;
      return { ...ok(locale, { count }), msg: translate(locale, 'question.import.done', { count }) };
    },
  );

  /** `import-progress?id=`: how far a background import is; only its teacher's (anyone else's is 404). */
  app.get(
    `${base}/import-progress`,
    { config: { access: access.permission('question_import') }, schema: { querystring: importProgressQuerySchema } },
    async (req) => ok(localeOf(req), await importProgress(db, principalOf(req), localeOf(req), req.query.id)),
  );

  /**
   * `import-template?format=xlsx|docx|moodle`: the Excel template, a Word file of examples in the documented layout,
   * or the same examples as Moodle XML.
   */
  app.get(
    `${base}/import-template`,
    { config: { access: access.permission('question_import') }, schema: { querystring: importTemplateQuerySchema } },
    async (req, reply) => {
      const locale = localeOf(req);
      const format = req.query.format ?? 'xlsx';
      const name = locale === 'zh' ? '试题导入模板' : 'question-import-template';
      const title = locale === 'zh' ? '试题导入样例' : 'Question import example';
      const noPictures = { load: async () => undefined };
      if (format === 'xlsx') {
        const body = await excelTemplate(locale);
        return sendDownload(reply, {
          body,
          type: XLSX_TYPE,
          asciiName: 'question-import-template.xlsx',
          name: `${name}.xlsx`,
        });
      }
      if (format === 'moodle') {
        const body = await writeMoodle(EXAMPLES[locale], { title, pictures: noPictures });
        return sendDownload(reply, {
          body,
          type: MOODLE_TYPE,
          asciiName: 'question-import-template.xml',
          name: `${name}.xml`,
        });
      }
      const body = await writeWord(EXAMPLES[locale], { title, withAnswers: true, pictures: noPictures });
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
    async (req, reply) =>
      sendDownload(reply, await exportQuestions({ db, files }, principalOf(req), localeOf(req), req.query)),
  );
}
