import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { question, questionInst, questionItemInst } from '../../db/schema/index.ts';

// Snapshots as work given to classes reads them (assignments, attempts, results, the wrong-answer book): those rows
// carry snapshot ids, the frozen questions themselves are the bank's. So are the questions a draw per student freezes.

/** A frozen question (question_inst). */
export type SnapshotRow = typeof questionInst.$inferSelect;
/** A frozen option, blank or scoring point (question_item_inst). */
export type SnapshotItem = typeof questionItemInst.$inferSelect;

/**
 * Snapshots as a subquery to join (on `inst.id`) where rows holding snapshot ids are read with their questions in one
 * statement: a second query per request would cost more than the join. The database merges it into the caller's
 * joins.
 */
export function snapshotRows(db: Db) {
  return db.select().from(questionInst).as('inst');
}

/** The live items of these snapshots, in order. */
export function snapshotItems(db: Db, instIds: string[]): Promise<SnapshotItem[]> {
  return db
    .select()
    .from(questionItemInst)
    .where(and(inArray(questionItemInst.questionInstId, instIds), eq(questionItemInst.isDeleted, 0)))
    .orderBy(asc(questionItemInst.sort), asc(questionItemInst.id));
}

/** A snapshot of the tenant with its live items in order, on its own (the wrong-answer book's re-practice). */
export async function snapshotWithItems(
  db: Db,
  tenantId: string,
  instId: string,
): Promise<{ inst: SnapshotRow; items: SnapshotItem[] } | undefined> {
  const [inst] = await db
    .select()
    .from(questionInst)
    .where(and(eq(questionInst.id, instId), eq(questionInst.tenantId, tenantId)));
  if (!inst) return undefined;
  const items = await db
    .select()
    .from(questionItemInst)
    .where(and(eq(questionItemInst.questionInstId, instId), eq(questionItemInst.isDeleted, 0)))
    .orderBy(asc(questionItemInst.sort), asc(questionItemInst.id));
  return { inst, items };
}

/** snapshot id → question type, of these snapshots. */
export async function snapshotTypes(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: questionInst.id, type: questionInst.type })
    .from(questionInst)
    .where(inArray(questionInst.id, ids));
  return new Map(rows.map((r) => [r.id, r.type]));
}

/** snapshot id → the ids of its live options in order, of these (choice) snapshots. */
export async function snapshotOptionIds(db: Db, instIds: string[]): Promise<Map<string, string[]>> {
  if (!instIds.length) return new Map();
  const rows = await db
    .select({ id: questionItemInst.id, instId: questionItemInst.questionInstId })
    .from(questionItemInst)
    .where(and(inArray(questionItemInst.questionInstId, instIds), eq(questionItemInst.isDeleted, 0)))
    .orderBy(asc(questionItemInst.sort), asc(questionItemInst.id));
  const options = new Map<string, string[]>();
  for (const r of rows) options.set(r.instId, [...(options.get(r.instId) ?? []), r.id]);
  return options;
}

/** snapshot id → the knowledge points it was filed under when frozen, of these snapshots. */
export async function snapshotFlagIds(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: questionInst.id, flagIds: questionInst.flagIds })
    .from(questionInst)
    .where(inArray(questionInst.id, ids));
  return new Map(rows.map((r) => [r.id, r.flagIds]));
}

/** snapshot id → its type and stem, of these snapshots. */
export async function snapshotStems(db: Db, ids: string[]): Promise<Map<string, { type: string; stem: string }>> {
  const rows = await db
    .select({ id: questionInst.id, type: questionInst.type, stem: questionInst.stem })
    .from(questionInst)
    .where(inArray(questionInst.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** A live child of a question a draw freezes, with what its row on the assignment takes. */
type PoolChild = Pick<typeof question.$inferSelect, 'id' | 'parentId' | 'type' | 'score'>;

/**
 * What a draw per student freezes of its pools' questions besides their snapshots: each one's type, and their live
 * children in order. Two queries, run together.
 */
export async function poolQuestions(
  db: Db,
  ids: string[],
): Promise<{ types: Map<string, string>; children: PoolChild[] }> {
  const [tops, children] = await Promise.all([
    db.select({ id: question.id, type: question.type }).from(question).where(inArray(question.id, ids)),
    db
      .select({ id: question.id, parentId: question.parentId, type: question.type, score: question.score })
      .from(question)
      .where(and(inArray(question.parentId, ids), eq(question.isDeleted, 0)))
      .orderBy(asc(question.sort), asc(question.id)),
  ]);
  return { types: new Map(tops.map((q) => [q.id, q.type])), children };
}
