import { idSchema, type Locale, pageQuerySchema, translate } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { importAnswer, readUpload } from '../../../core/excel/import.ts';
import { buildSheet, headerOf, readSheet } from '../../../core/excel/sheet.ts';
import { sendDownload, XLSX_TYPE } from '../../../core/http/download.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { exportStudents } from './student.export.ts';
import { importStudents, STUDENT_COLUMNS, STUDENT_EXAMPLE } from './student.import.ts';
import { studentResource } from './student.resource.ts';

type FileKey = 'excel.student.templateFile' | 'excel.student.exportFile' | 'excel.teacher.templateFile';

/** Both names of a download: ASCII for every client, the caller's language for those that read `filename*`. */
export function fileNames(locale: Locale, key: FileKey) {
  return { asciiName: `${translate('en', key)}.xlsx`, name: `${translate(locale, key)}.xlsx` };
}

/** The roster export's query: the student page's filters and sorts, without paging. */
const exportQuery = z.object({
  ...Object.fromEntries(Object.entries(studentResource.filters).map(([k, f]) => [k, f.schema])),
  ascs: pageQuerySchema.shape.ascs,
  descs: pageQuerySchema.shape.descs,
});

/** 学生 import template, all-or-nothing import, and the roster export (what the student page lists). */
export function studentExcelRoutes(app: TypedApp, db: Db): void {
  const base = studentResource.basePath;

  app.get(
    `${base}/export-template`,
    { config: { access: access.permission('student_import') } },
    async (req, reply) => {
      const locale = localeOf(req);
      const body = await buildSheet(translate(locale, 'excel.student.sheet'), headerOf(locale, STUDENT_COLUMNS), [
        STUDENT_EXAMPLE[locale],
      ]);
      return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'excel.student.templateFile') });
    },
  );

  /** `import?classId=`: multipart `file`; rows without a class go to `classId`. */
  app.post(
    `${base}/import`,
    {
      config: { access: access.permission('student_import') },
      schema: { querystring: z.object({ classId: idSchema.optional() }) },
    },
    async (req, reply) => {
      const locale = localeOf(req);
      const { file } = await readUpload(req);
      const rows = await readSheet(file, STUDENT_COLUMNS);
      const { classId } = req.query;
      return importAnswer(reply, locale, () => importStudents(db, principalOf(req), locale, rows, classId));
    },
  );

  /** The roster: the students the page lists with these filters (a teacher: of their classes only). */
  app.get(
    `${base}/export`,
    { config: { access: access.permission('student_export') }, schema: { querystring: exportQuery } },
    async (req, reply) => {
      const locale = localeOf(req);
      const body = await exportStudents(db, principalOf(req), locale, req.query);
      return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'excel.student.exportFile') });
    },
  );
}
