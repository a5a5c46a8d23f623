import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { question, questionFlag, questionItem } from '../../db/schema/index.ts';

/**
 * Copies live questions (each with its children, items and classification) into library `libId`, placed after
 * its questions; each copy keeps `source_id`, the question it came from, and is independent of it. In the
 * caller's transaction; returns how many top-level questions were copied.
 */
export async function copyQuestions(db: Db, p: Principal, ids: string[], libId: string): Promise<number> {
  const now = new Date();
  const audit = {
    tenantId: p.tenantId,
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  };
  const copyOf = new Map<string, string>();
  let level = await db
    .select()
    .from(question)
    .where(and(eq(question.tenantId, p.tenantId), eq(question.isDeleted, 0), inArray(question.id, ids)))
    .orderBy(asc(question.createTime), asc(question.id));
  const copied = level.length;
  while (level.length) {
    const levelIds = level.map((q) => q.id);
    for (const q of level) copyOf.set(q.id, newId());
    await db.insert(question).values(
      level.map(
        ({
          id,
          tenantId: _t,
          createUser: _c,
          createDept: _d,
          createTime: _ct,
          updateUser: _u,
          updateTime: _ut,
          ...q
        }) => ({
          ...q,
          ...audit,
          id: copyOf.get(id)!,
          libId,
          parentId: copyOf.get(q.parentId) ?? '0',
          sourceId: id,
        }),
      ),
    );
    const [items, flags] = await Promise.all([
      db
        .select()
        .from(questionItem)
        .where(and(inArray(questionItem.questionId, levelIds), eq(questionItem.isDeleted, 0))),
      db.select().from(questionFlag).where(inArray(questionFlag.questionId, levelIds)),
    ]);
    if (items.length) {
      await db.insert(questionItem).values(
        items.map((i) => ({
          ...audit,
          id: newId(),
          questionId: copyOf.get(i.questionId)!,
          ...itemContent(i),
        })),
      );
    }
    if (flags.length) {
      await db
        .insert(questionFlag)
        .values(flags.map((f) => ({ questionId: copyOf.get(f.questionId)!, flagId: f.flagId })));
    }
    level = await db
      .select()
      .from(question)
      .where(and(inArray(question.parentId, levelIds), eq(question.isDeleted, 0)));
  }
  return copied;
}

/** What an item (option, blank, scoring point) says: all a copy or a snapshot of its question carries over. */
export function itemContent(i: typeof questionItem.$inferSelect) {
  return { sort: i.sort, content: i.content, isAnswer: i.isAnswer, score: i.score, config: i.config };
}
