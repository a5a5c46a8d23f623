/**
 * Sharing what teachers make (question libraries, papers) with other teachers or whole schools, to read or to edit:
 * who is asking, which share rows reach them, what they may do with a shared target, and the rules every share table
 * keeps (a grantee of the tenant, never the owner, named in lists). Each share table holds rows of one target kind
 * (`lib_id`, `paper_id` …) with the same `grantee_type` · `grantee_id` · `access` columns.
 */
import type { LibAccess, MessageKey, ShareAccess } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { loadPermissions, type Principal } from '../../../core/access/principal.ts';
import { memoOf } from '../../../core/access/session-cache.ts';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, forbidden } from '../../../core/http/errors.ts';
import { school, teacher, teacherRela, user } from '../../../db/schema/index.ts';

/**
 * Holders of these manage the tenant's teachers, so they manage what teachers make: every library and paper of the
 * tenant (DOMAIN §6, "school/tenant administrators: everything in their tenant").
 */
export const CONTENT_ADMIN_CODES = ['teacher_edit'];

/** Who is asking, as far as shared content goes: an administrator, or a user with the schools they teach at. */
export type ShareReader = { kind: 'admin' } | { kind: 'user'; userId: string; tenantId: string; schoolIds: string[] };
export type ShareUser = Extract<ShareReader, { kind: 'user' }>;
/** What a share grants. */
export type ShareMode = ShareAccess;

export function shareReader(db: Db, p: Principal): Promise<ShareReader> {
  return memoOf(p, 'share-reader', async () => {
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

/** A share table's columns beside the target's. */
type ShareColumns = {
  tenantId: PgColumn;
  isDeleted: PgColumn;
  granteeType: PgColumn;
  granteeId: PgColumn;
  access: PgColumn;
};
export type ShareTable = PgTable & ShareColumns;

/** The access logic of one share table, whose rows share the target `target` names. */
export interface Shares {
  /** Share rows reaching this user: to them, or to a school they teach at. */
  reaches(who: ShareUser): SQL;
  /** The ids of the targets shared with this user (to edit them, when asked for editing), as a subquery. */
  targetIds(who: ShareUser, mode: ShareMode): SQL;
  /** The strongest share of each of these targets reaching this reader (none for administrators). */
  strongest(db: Db, who: ShareReader, ids: string[]): Promise<Map<string, ShareMode>>;
}

export function defineShares(table: ShareTable, target: PgColumn): Shares {
  const reaches = (who: ShareUser): SQL =>
    and(
      eq(table.tenantId, who.tenantId),
      eq(table.isDeleted, 0),
      or(
        and(eq(table.granteeType, 'teacher'), eq(table.granteeId, who.userId)),
        who.schoolIds.length
          ? and(eq(table.granteeType, 'school'), inArray(table.granteeId, who.schoolIds))
          : undefined,
      ),
    )!;
  return {
    reaches,
    targetIds: (who, mode) =>
      sql`(select ${target} from ${table} where ${and(reaches(who), mode === 'edit' ? eq(table.access, 'edit') : undefined)})`,
    async strongest(db, who, ids) {
      const map = new Map<string, ShareMode>();
      if (who.kind === 'admin' || ids.length === 0) return map;
      const rows = await db
        .select({ id: target, access: table.access })
        .from(table)
        .where(and(reaches(who), inArray(target, ids)));
      // A teacher may be reached by a read share and an edit share at once (their own and their school's).
      for (const r of rows) {
        const id = String(r.id);
        if (r.access === 'edit' || !map.has(id)) map.set(id, r.access as ShareMode);
      }
      return map;
    },
  };
}

/** What this reader may do with one shared target (a library, a paper) they may read. */
export function accessOf(
  who: ShareReader,
  row: { createUser: string | null },
  shared: ShareMode | undefined,
): LibAccess {
  if (who.kind === 'admin') return 'admin';
  if (row.createUser === who.userId) return 'own';
  if (shared) return shared;
  return 'public';
}

/** Owners and edit-sharers change a target (administrators everything). */
export const changes = (access: LibAccess): boolean => access === 'own' || access === 'edit' || access === 'admin';

type ShareRow = { granteeType: string; granteeId: string };

/**
 * The rules of a share resource's writes and the names of its lists. `target` finds what the share names: nothing
 * when it is not there for the caller (400 `invalid`, as for a missing one), else its owner and whether the caller
 * manages its shares (when not: 403 `ownerOnly`). A teacher is a live teacher of the tenant (by user id) other than
 * the owner (400 `self`), a school a live school of the tenant.
 */
export function shareHooks<Form extends z.ZodObject, Row extends ShareRow>(opts: {
  target(db: Db, p: Principal, next: z.infer<Form>): Promise<{ owner: string | null; manages: boolean } | undefined>;
  messages: { invalid: MessageKey; self: MessageKey; ownerOnly: MessageKey };
}): ResourceHooks<Form, Row> {
  return {
    async beforeSave({ db, principal, next }) {
      const target = await opts.target(db, principal, next);
      const share = next as unknown as ShareRow;
      if (!target) throw badRequest(opts.messages.invalid);
      if (!target.manages) throw forbidden(opts.messages.ownerOnly);
      if (share.granteeType === 'teacher') {
        if (share.granteeId === target.owner) throw badRequest(opts.messages.self);
        const [t] = await db
          .select({ id: teacher.id })
          .from(teacher)
          .where(
            and(
              eq(teacher.tenantId, principal.tenantId),
              eq(teacher.userId, share.granteeId),
              eq(teacher.isDeleted, 0),
            ),
          );
        if (!t) throw badRequest('share.teacher.invalid');
      } else {
        const [s] = await db
          .select({ id: school.id })
          .from(school)
          .where(and(eq(school.tenantId, principal.tenantId), eq(school.id, share.granteeId), eq(school.isDeleted, 0)));
        if (!s) throw badRequest('share.school.invalid');
      }
    },

    /** Each share with the teacher's or school's name. */
    async afterLoad(rows, { db }) {
      const ids = (type: string) => [...new Set(rows.filter((r) => r.granteeType === type).map((r) => r.granteeId))];
      const [teachers, schools] = await Promise.all([
        ids('teacher').length
          ? db
              .select({ id: user.id, name: user.realName })
              .from(user)
              .where(inArray(user.id, ids('teacher')))
          : [],
        ids('school').length
          ? db
              .select({ id: school.id, name: school.name })
              .from(school)
              .where(inArray(school.id, ids('school')))
          : [],
      ]);
      const names = new Map([...teachers, ...schools].map((n) => [n.id, n.name]));
      return rows.map((r) => ({ ...r, granteeName: names.get(r.granteeId) ?? '' }));
    },
  };
}
