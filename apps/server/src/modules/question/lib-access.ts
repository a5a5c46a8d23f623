import type { LibAccess } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loadPermissions, type Principal } from '../../core/access/principal.ts';
import { memoOf } from '../../core/access/session-cache.ts';
import type { Db } from '../../core/db/client.ts';
import { questionLib, questionLibPermission, teacher, teacherRela } from '../../db/schema/index.ts';

/**
 * Holders of these manage the tenant's teachers, so they manage what teachers make: every library of the tenant
 * (DOMAIN §6, "school/tenant administrators: everything in their tenant").
 */
export const CONTENT_ADMIN_CODES = ['teacher_edit'];

/** Who is asking, as far as libraries go: an administrator, or a user with the schools they teach at. */
export type LibReader = { kind: 'admin' } | { kind: 'user'; userId: string; tenantId: string; schoolIds: string[] };

export function libReader(db: Db, p: Principal): Promise<LibReader> {
  return memoOf(p, 'lib-reader', async () => {
    if (p.superuser) return { kind: 'admin' };
    const codes = await loadPermissions(db, p);
    if (CONTENT_ADMIN_CODES.some((c) => codes.has(c))) return { kind: 'admin' };
    const schools = await db
      .selectDistinct({ id: teacherRela.schoolId })
      .from(teacherRela)
      .innerJoin(teacher, eq(teacher.id, teacherRela.teacherId))
      .where(and(eq(teacher.tenantId, p.tenantId), eq(teacher.userId, p.userId), eq(teacher.isDeleted, 0)));
    return { kind: 'user', userId: p.userId, tenantId: p.tenantId, schoolIds: schools.map((s) => s.id) };
  });
}

/** Share rows reaching this user: to them, or to a school they teach at. */
function reachesUser(who: Extract<LibReader, { kind: 'user' }>): SQL {
  const p = questionLibPermission;
  return and(
    eq(p.tenantId, who.tenantId),
    eq(p.isDeleted, 0),
    or(
      and(eq(p.granteeType, 'teacher'), eq(p.granteeId, who.userId)),
      who.schoolIds.length ? and(eq(p.granteeType, 'school'), inArray(p.granteeId, who.schoolIds)) : undefined,
    ),
  )!;
}

/** Libraries shared with this user (to edit them, when asked for editing). */
function sharedLibIds(who: Extract<LibReader, { kind: 'user' }>, mode: 'read' | 'edit') {
  const p = questionLibPermission;
  return sql`(select ${p.libId} from ${p} where ${and(reachesUser(who), mode === 'edit' ? eq(p.access, 'edit') : undefined)})`;
}

/**
 * The libraries this reader may read (own, shared, public) or edit (own, shared to edit), as a condition on the
 * library rows themselves; undefined = every library of the tenant.
 */
export function libCondition(who: LibReader, mode: 'read' | 'edit'): SQL | undefined {
  if (who.kind === 'admin') return undefined;
  return or(
    eq(questionLib.createUser, who.userId),
    mode === 'read' ? eq(questionLib.isPublic, 1) : undefined,
    inArray(questionLib.id, sharedLibIds(who, mode)),
  );
}

/**
 * The same, as a condition on a column holding a library id (a question's `lib_id`): the ids are looked up first, so
 * the planner sees how many rows they hold; undefined = every library of the tenant.
 */
export async function libIdCondition(
  db: Db,
  who: LibReader,
  mode: 'read' | 'edit',
  column: PgColumn,
): Promise<SQL | undefined> {
  if (who.kind === 'admin') return undefined;
  const libs = await db
    .select({ id: questionLib.id })
    .from(questionLib)
    .where(and(eq(questionLib.tenantId, who.tenantId), eq(questionLib.isDeleted, 0), libCondition(who, mode)));
  return libs.length
    ? inArray(
        column,
        libs.map((l) => l.id),
      )
    : sql`false`;
}

/** What this reader may do with one library row. */
export function accessOf(
  who: LibReader,
  lib: { createUser: string | null; isPublic: number },
  shared: 'read' | 'edit' | undefined,
): LibAccess {
  if (who.kind === 'admin') return 'admin';
  if (lib.createUser === who.userId) return 'own';
  if (shared) return shared;
  return 'public';
}

/** The strongest share of each of these libraries reaching this user. */
export async function sharesOf(db: Db, who: LibReader, libIds: string[]): Promise<Map<string, 'read' | 'edit'>> {
  if (who.kind === 'admin' || libIds.length === 0) return new Map();
  const p = questionLibPermission;
  const rows = await db
    .select({ libId: p.libId, access: p.access })
    .from(p)
    .where(and(reachesUser(who), inArray(p.libId, libIds)));
  const map = new Map<string, 'read' | 'edit'>();
  // A teacher may be reached by a read share and an edit share at once (their own and their school's).
  for (const r of rows) if (r.access === 'edit' || !map.has(r.libId)) map.set(r.libId, r.access as 'read' | 'edit');
  return map;
}
