import { translate } from '@shixun/contracts';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { importAnswer, readUpload } from '../../../core/excel/import.ts';
import { buildSheet, headerOf, readSheet } from '../../../core/excel/sheet.ts';
import { sendDownload, XLSX_TYPE } from '../../../core/http/download.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { fileNames } from '../student/student.excel.routes.ts';
import { importTeachers, TEACHER_COLUMNS, TEACHER_EXAMPLE } from './teacher.import.ts';
import { teacherResource } from './teacher.resource.ts';

/** 教师 import template and all-or-nothing import. */
export function teacherExcelRoutes(app: TypedApp, db: Db): void {
  const base = teacherResource.basePath;

  app.get(
    `${base}/export-template`,
    { config: { access: access.permission('teacher_import') } },
    async (req, reply) => {
      const locale = localeOf(req);
      const body = await buildSheet(translate(locale, 'excel.teacher.sheet'), headerOf(locale, TEACHER_COLUMNS), [
        TEACHER_EXAMPLE[locale],
      ]);
      return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'excel.teacher.templateFile') });
    },
  );

  app.post(`${base}/import`, { config: { access: access.permission('teacher_import') } }, async (req, reply) => {
    const locale = localeOf(req);
    const { file } = await readUpload(req);
    const rows = await readSheet(file, TEACHER_COLUMNS);
    return importAnswer(reply, locale, () => importTeachers(db, principalOf(req), locale, rows));
  });
}
