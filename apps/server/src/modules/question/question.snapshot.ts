import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { question, questionFlag, questionInst, questionItem, questionItemInst } from '../../db/schema/index.ts';
import { itemContent } from './question.copy.ts';

/**
 * Freezes these questions (with their children, items and classification) as question_inst rows, as papers do when
 * work is assigned (DOMAIN §2): editing or deleting a question later never changes what students of that assignment
 * see. Runs in the caller's transaction; returns question id → snapshot id for the questions asked for and every
 * child question below them.
 */
export async function snapshotQuestions(db: Db, p: Principal, ids: string[]): Promise<Map<string, string>> {
  const taken = new Map<string, string>();
  let level = await db
    .select()
    .from(question)
    .where(and(eq(question.tenantId, p.tenantId), inArray(question.id, ids)));
  const audit = { tenantId: p.tenantId, createUser: p.userId, createDept: p.deptId, updateUser: p.userId };
  while (level.length) {
    const levelIds = level.map((q) => q.id);
    const [items, flags] = await Promise.all([
      db
        .select()
        .from(questionItem)
        .where(and(inArray(questionItem.questionId, levelIds), eq(questionItem.isDeleted, 0)))
        .orderBy(asc(questionItem.sort), asc(questionItem.id)),
      db.select().from(questionFlag).where(inArray(questionFlag.questionId, levelIds)),
    ]);
    for (const q of level) taken.set(q.id, newId());
    await db.insert(questionInst).values(
      level.map((q) => ({
        ...audit,
        id: taken.get(q.id)!,
        questionId: q.id,
        parentId: q.parentId === '0' ? '0' : (taken.get(q.parentId) ?? '0'),
        type: q.type,
        stem: q.stem,
        answer: q.answer,
        analysis: q.analysis,
        difficulty: q.difficulty,
        score: q.score,
        discipline: q.discipline,
        source: q.source,
        config: q.config,
        sort: q.sort,
        flagIds: flags.filter((f) => f.questionId === q.id).map((f) => f.flagId),
      })),
    );
    if (items.length) {
      await db.insert(questionItemInst).values(
        items.map((i) => ({
          ...audit,
          id: newId(),
          questionInstId: taken.get(i.questionId)!,
          ...itemContent(i),
        })),
      );
    }
    level = await db
      .select()
      .from(question)
      .where(and(inArray(question.parentId, levelIds), eq(question.isDeleted, 0)))
      .orderBy(asc(question.sort), asc(question.id));
  }
  return taken;
}

/**
 * A corrected key written into one snapshot (a re-grade after a key fix): the judged answer when given, and each
 * item's right flag and content.
 */
export async function fixSnapshotKey(
  db: Db,
  instId: string,
  key: { answer?: string; items: { id: string; isAnswer: number; content: string }[] },
): Promise<void> {
  if (key.answer !== undefined) {
    await db.update(questionInst).set({ answer: key.answer }).where(eq(questionInst.id, instId));
  }
  for (const item of key.items) {
    await db
      .update(questionItemInst)
      .set({ isAnswer: item.isAnswer, content: item.content })
      .where(eq(questionItemInst.id, item.id));
  }
}
