import type { LibAccess } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../core/access/principal.ts';
import { accessOf, changes, defineShares, type ShareMode } from '../../core/access/shares.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, forbidden } from '../../core/http/errors.ts';
import { paper, paperPermission } from '../../db/schema/index.ts';
import { type ContentReader, contentReader } from '../question/question.api.ts';

/** Papers' shares (`paper_permission`): to a teacher or a school they teach at, to read or to edit. */
export const paperShares = defineShares(paperPermission, paperPermission.paperId);

/**
 * Papers this reader may read (their own, those shared with them or their school, published ones) or change (their
 * own, those shared to edit), as a condition on paper rows; undefined = every paper of the tenant (administrators).
 */
export function paperCondition(who: ContentReader, mode: ShareMode): SQL | undefined {
  if (who.kind === 'admin') return undefined;
  return or(
    eq(paper.createUser, who.userId),
    mode === 'read' ? eq(paper.isPublic, 1) : undefined,
    inArray(paper.id, paperShares.targetIds(who, mode)),
  );
}

/** The same on a column holding a paper id (sections, a paper's questions); the ids are looked up first. */
export async function paperIdCondition(
  db: Db,
  p: Principal,
  mode: ShareMode,
  column: PgColumn,
): Promise<SQL | undefined> {
  const who = await contentReader(db, p);
  if (who.kind === 'admin') return undefined;
  const ids = await db
    .select({ id: paper.id })
    .from(paper)
    .where(and(eq(paper.tenantId, p.tenantId), eq(paper.isDeleted, 0), paperCondition(who, mode)));
  return ids.length
    ? inArray(
        column,
        ids.map((r) => r.id),
      )
    : sql`false`;
}

export type PaperRow = typeof paper.$inferSelect;

/** A live paper this caller may read: 400 `paper.invalid` when it is not there for them (like a missing one). */
export async function readablePaper(db: Db, p: Principal, paperId: string): Promise<PaperRow> {
  const who = await contentReader(db, p);
  const [row] = await db
    .select()
    .from(paper)
    .where(
      and(eq(paper.tenantId, p.tenantId), eq(paper.isDeleted, 0), eq(paper.id, paperId), paperCondition(who, 'read')),
    );
  if (!row) throw badRequest('paper.invalid');
  return row;
}

/** …that the caller may also change (owner, edit-sharer, administrator); else 403 `paper.readOnly`. */
export async function editablePaper(db: Db, p: Principal, paperId: string): Promise<PaperRow> {
  const row = await readablePaper(db, p, paperId);
  if (!(await mayChange(db, await contentReader(db, p), row))) throw forbidden('paper.readOnly');
  return row;
}

/** What this reader may do with these papers they may read, by id: `own`, `edit`, `read`, `public` or `admin`. */
export async function paperAccess(
  db: Db,
  who: ContentReader,
  rows: { id: string; createUser: string | null }[],
): Promise<Map<string, LibAccess>> {
  const shares = await paperShares.strongest(
    db,
    who,
    rows.filter((r) => who.kind === 'user' && r.createUser !== who.userId).map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, accessOf(who, r, shares.get(r.id))]));
}

/** Its owner, an edit-sharer or an administrator changes a paper's settings, sections and questions. */
export async function mayChange(
  db: Db,
  who: ContentReader,
  row: { id: string; createUser: string | null },
): Promise<boolean> {
  return changes((await paperAccess(db, who, [row])).get(row.id)!);
}

/** Only its owner (or an administrator) publishes, shares or deletes a paper. */
export function mayManage(who: ContentReader, row: { createUser: string | null }): boolean {
  return who.kind === 'admin' || row.createUser === who.userId;
}
