import { fieldLabel, type Locale, translate } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope, filterConditions, orderOf } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { buildSheet, EXPORT_MAX_ROWS, sexLabel } from '../../core/excel/sheet.ts';
import { badRequest } from '../../core/http/errors.ts';
import { dept, post, role, user, userRole } from '../../db/schema/index.ts';
import { templateHeader } from './user.excel.ts';
import { userResource } from './user.resource.ts';

/** What the user page lists: its declared filters, and its sorts. */
export type UserExportQuery = Record<string, unknown> & { ascs?: string | undefined; descs?: string | undefined };

/** Users matching the page's filters, as sheet rows: no credential of any kind is among the columns. */
async function exportRows(db: Db, p: Principal, locale: Locale, q: UserExportQuery): Promise<string[][]> {
  const rows = await db
    .select()
    .from(user)
    .where(and(await accessScope(db, userResource, p), ...filterConditions(userResource, q)))
    .orderBy(...orderOf(userResource, q.ascs, q.descs))
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

/** The export workbook: the template's columns and the status, one row per matching user. */
export async function exportUsers(db: Db, p: Principal, locale: Locale, q: UserExportQuery): Promise<Buffer> {
  const rows = await exportRows(db, p, locale, q);
  const header = [...templateHeader(locale), fieldLabel(locale, 'status')];
  return buildSheet(translate(locale, 'user.excel.sheet'), header, rows);
}
