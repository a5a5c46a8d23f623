import type { LibAccess } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  defineShares,
  type ShareMode,
  type ShareReader,
  accessOf as shareAccessOf,
  shareReader,
} from '../../core/access/shares.ts';
import type { Db } from '../../core/db/client.ts';
import { questionLib, questionLibPermission } from '../../db/schema/index.ts';

export { CONTENT_ADMIN_CODES } from '../../core/access/shares.ts';

/** Who is asking, as far as libraries go: an administrator, or a user with the schools they teach at. */
export type LibReader = ShareReader;
export const libReader = shareReader;

/** Libraries' shares (`question_lib_permission`): to a teacher or a school they teach at, to read or to edit. */
const libShares = defineShares(questionLibPermission, questionLibPermission.libId);

/**
 * The libraries this reader may read (own, shared, public) or edit (own, shared to edit), as a condition on the
 * library rows themselves; undefined = every library of the tenant.
 */
export function libCondition(who: LibReader, mode: ShareMode): SQL | undefined {
  if (who.kind === 'admin') return undefined;
  return or(
    eq(questionLib.createUser, who.userId),
    mode === 'read' ? eq(questionLib.isPublic, 1) : undefined,
    inArray(questionLib.id, libShares.targetIds(who, mode)),
  );
}

/**
 * The same, as a condition on a column holding a library id (a question's `lib_id`): the ids are looked up first, so
 * the planner sees how many rows they hold; undefined = every library of the tenant.
 */
export async function libIdCondition(
  db: Db,
  who: LibReader,
  mode: ShareMode,
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
  shared: ShareMode | undefined,
): LibAccess {
  return shareAccessOf(who, lib, shared);
}

/** The strongest share of each of these libraries reaching this user. */
export function sharesOf(db: Db, who: LibReader, libIds: string[]): Promise<Map<string, ShareMode>> {
  return libShares.strongest(db, who, libIds);
}
