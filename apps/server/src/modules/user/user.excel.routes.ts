import { fieldLabel, type Locale, pageQuerySchema, translate } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope, filterConditions, orderOf } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { importAnswer, readUpload } from '../../core/excel/import.ts';
import { buildSheet, EXPORT_MAX_ROWS, sexLabel } from '../../core/excel/sheet.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { badRequest } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { dept, post, role, user, userRole } from '../../db/schema/index.ts';
import { buildTemplate, readUserSheet, templateHeader } from './user.excel.ts';
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

/** Users matching the page's filters, as sheet rows: no credential of any kind is among the columns. */
async function exportRows(db: Db, p: Principal, locale: Locale, q: Record<string, unknown>): Promise<string[][]> {
  const rows = await db
    .select()
    .from(user)
    .where(and(await accessScope(db, userResource, p), ...filterConditions(userResource, q)))
    .orderBy(...orderOf(userResource, q.ascs as string | undefined, q.descs as string | undefined))
    .limit(EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw badRequest('user.export.tooMany', { max: EXPORT_MAX_ROWS });
  const ids = rows.map((r) => r.id);
  const ofIds = <T>(wanted: (string | null)[], load: (ids: string[]) => Promise<T[]>) => {
    const unique = [...new Set(wanted.filter((v): v is string => Boolean(v)))];
    return unique.length ? load(unique) : Promise.resolve([] as T[]);
  };
  const [aliases, depts, posts] = await Promise.all([
    ofIds(ids, (u) =>
      db
        .select({ userId: userRole.userId, alias: role.roleAlias })
        .from(userRole)
        .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.isDeleted, 0)))
        .where(inArray(userRole.userId, u))
        .orderBy(role.sort, role.id),
    ),
    ofIds(
      rows.map((r) => r.deptId),
      (d) => db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, d)),
    ),
    ofIds(
      rows.map((r) => r.postId),
      (x) => db.select({ id: post.id, code: post.postCode }).from(post).where(inArray(post.id, x)),
    ),
  ]);
  const aliasesOf = new Map<string, string[]>();
  for (const a of aliases) aliasesOf.set(a.userId, [...(aliasesOf.get(a.userId) ?? []), a.alias]);
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  const postCode = new Map(posts.map((x) => [x.id, x.code]));
  return rows.map((r) => [
    r.account,
    r.name,
    r.realName,
    r.phone,
    r.email,
    sexLabel(locale, r.sex),
    r.birthday ? r.birthday.toISOString().slice(0, 10) : '',
    (aliasesOf.get(r.id) ?? []).join(','),
    (r.deptId && deptName.get(r.deptId)) || '',
    (r.postId && postCode.get(r.postId)) || '',
    translate(locale, r.status === 1 ? 'user.status.1' : 'user.status.0'),
  ]);
}

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
      const rows = await exportRows(db, principalOf(req), locale, req.query as Record<string, unknown>);
      const header = [...templateHeader(locale), fieldLabel(locale, 'status')];
      const body = await buildSheet(translate(locale, 'user.excel.sheet'), header, rows);
      return sendDownload(reply, { body, type: XLSX_TYPE, ...fileNames(locale, 'user.excel.exportFile') });
    },
  );
}
