import { type Locale, pageQuerySchema, translate } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { importAnswer, readUpload } from '../../core/excel/import.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { buildTemplate, readUserSheet } from './user.excel.ts';
import { exportUsers } from './user.export.ts';
import { importUsers } from './user.import.ts';
import { userResource } from './user.resource.ts';

/** Both names of a download: ASCII for every client, the caller's language for those that read `filename*`. */
function fileNames(locale: Locale, key: 'user.excel.templateFile' | 'user.excel.exportFile') {
  return { asciiName: `${translate('en', key)}.xlsx`, name: `${translate(locale, key)}.xlsx` };
}

/** The export's query: the page's filters and sorts, without paging. */
const exportQuery = z.object({
  ...Object.fromEntries(Object.entries(userResource.filters).map(([k, f]) => [k, f.schema])),
  ascs: pageQuerySchema.shape.ascs,
  descs: pageQuerySchema.shape.descs,
});

/** 导入 / 导出: the import template, the all-or-nothing import, and the export of what the user page lists. */
export function userExcelRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-user';

  app.get(`${base}/export-template`, { config: { access: access.permission('user_import') } }, async (req, reply) => {
    const locale = localeOf(req);
    const body = await buildTemplate(locale);
    return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'user.excel.templateFile') });
  });

  app.post(
    `${base}/import-user`,
    {
      config: { access: access.permission('user_import') },
      schema: { querystring: z.object({ isCovered: z.enum(['0', '1']).optional() }) },
    },
    async (req, reply) => {
      const locale = localeOf(req);
      const p = principalOf(req);
      const { file, covered } = await readUpload(req);
      const rows = await readUserSheet(file);
      return importAnswer(reply, locale, () => importUsers(db, p, locale, rows, covered));
    },
  );

  app.get(
    `${base}/export-user`,
    { config: { access: access.permission('user_export') }, schema: { querystring: exportQuery } },
    async (req, reply) => {
      const locale = localeOf(req);
      const body = await exportUsers(db, principalOf(req), locale, req.query);
      return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'user.excel.exportFile') });
    },
  );
}
