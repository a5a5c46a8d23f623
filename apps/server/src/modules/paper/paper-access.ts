import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, forbidden } from '../../core/http/errors.ts';
import { paper } from '../../db/schema/index.ts';
import { type ContentReader, contentReader } from '../question/question.api.ts';

/**
 * Papers this reader may read (their own and published ones) or change (their own), as a condition on paper rows;
 * undefined = every paper of the tenant (administrators).
 */
export function paperCondition(who: ContentReader, mode: 'read' | 'edit'): SQL | undefined {
  if (who.kind === 'admin') return undefined;
  return or(eq(paper.createUser, who.userId), mode === 'read' ? eq(paper.isPublic, 1) : undefined);
}

/** The same on a column holding a paper id (sections, a paper's questions); the ids are looked up first. */
export async function paperIdCondition(
  db: Db,
  p: Principal,
  mode: 'read' | 'edit',
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

/** …that the caller may also change: a published paper of someone else is 403 `paper.readOnly`. */
export async function editablePaper(db: Db, p: Principal, paperId: string): Promise<PaperRow> {
  const row = await readablePaper(db, p, paperId);
  if (!mayChange(await contentReader(db, p), row)) throw forbidden('paper.readOnly');
  return row;
}

export function mayChange(who: ContentReader, row: { createUser: string | null }): boolean {
  return who.kind === 'admin' || row.createUser === who.userId;
}
