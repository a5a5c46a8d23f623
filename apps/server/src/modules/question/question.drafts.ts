import { itemConfig, type QuestionDraft } from '@shixun/contracts';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { question, questionFlag, questionItem } from '../../db/schema/index.ts';
import { knowledgeNodes } from '../academic/academic.api.ts';
import { tokensOf } from './question.hooks.ts';

type QuestionRow = typeof question.$inferSelect;

/** Every piece of rich text of a draft (and its children) through `f`; blanks hold answers, not text. */
export function mapText(d: QuestionDraft, f: (html: string) => string): QuestionDraft {
  return {
    ...d,
    stem: f(d.stem),
    answer: d.type === 'judge' ? d.answer : f(d.answer),
    analysis: f(d.analysis),
    items: d.items.map((i) => (d.type === 'fill' ? i : { ...i, content: f(i.content) })),
    children: d.children.map((c) => mapText(c, f)),
  };
}

/** Who writes: the tenant and the audit columns of the rows. */
export interface Writer {
  tenantId: string;
  userId: string;
  deptId: string | null;
}

/**
 * The knowledge tree's nodes by name: a path (`机械基础/公差与配合`) always, a node's own name when no other node
 * has it. Import files name knowledge points either way.
 */
export async function knowledgeByName(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await knowledgeNodes(db, tenantId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (r: (typeof rows)[number]): string => {
    const parent = byId.get(r.parentId);
    return parent ? `${pathOf(parent)}/${r.name}` : r.name;
  };
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  for (const r of rows) {
    names.set(pathOf(r), r.id);
    if (counts.get(r.name) === 1) names.set(r.name, r.id);
  }
  return names;
}

/**
 * Saves drafts (already checked and cleaned) into library `libId` after its questions, each with its items, its
 * knowledge points (`flagIds` of each draft, in order) and a composite's children. In the caller's transaction;
 * returns the new questions' ids.
 */
export async function insertDrafts(
  db: Db,
  who: Writer,
  libId: string,
  drafts: { draft: QuestionDraft; flagIds: string[]; children: { draft: QuestionDraft; flagIds: string[] }[] }[],
): Promise<string[]> {
  const [{ last } = { last: null }] = await db
    .select({ last: max(question.sort) })
    .from(question)
    .where(and(eq(question.libId, libId), eq(question.parentId, '0'), eq(question.isDeleted, 0)));
  const audit = { tenantId: who.tenantId, createUser: who.userId, createDept: who.deptId, updateUser: who.userId };
  const ids: string[] = [];
  const insert = async (d: QuestionDraft, flagIds: string[], sort: number, parentId: string) => {
    const id = newId();
    await db.insert(question).values({
      ...audit,
      id,
      libId,
      parentId,
      sort,
      type: d.type,
      stem: d.stem,
      answer: d.answer,
      analysis: d.analysis,
      difficulty: d.difficulty,
      score: d.score,
      discipline: d.discipline,
      source: d.source,
      config: d.config,
      searchTokens: tokensOf(d, d.items, flagIds),
    });
    if (d.items.length) {
      await db.insert(questionItem).values(
        d.items.map((item, i) => ({
          ...audit,
          ...item,
          config: itemConfig(d.type, item.config),
          id: newId(),
          questionId: id,
          sort: i,
        })),
      );
    }
    const flags = [...new Set(flagIds)];
    if (flags.length) await db.insert(questionFlag).values(flags.map((flagId) => ({ questionId: id, flagId })));
    return id;
  };
  for (const [i, d] of drafts.entries()) {
    const id = await insert(d.draft, d.flagIds, (last ?? -1) + 1 + i, '0');
    for (const [j, c] of d.children.entries()) await insert(c.draft, c.flagIds, j, id);
    ids.push(id);
  }
  return ids;
}

/** Questions with their items, knowledge points (as paths) and children, as files write them. */
export async function loadDrafts(db: Db, tenantId: string, rows: QuestionRow[]): Promise<QuestionDraft[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, flags, children, knowledge] = await Promise.all([
    db
      .select()
      .from(questionItem)
      .where(and(inArray(questionItem.questionId, ids), eq(questionItem.isDeleted, 0)))
      .orderBy(asc(questionItem.sort), asc(questionItem.id)),
    db.select().from(questionFlag).where(inArray(questionFlag.questionId, ids)),
    db
      .select()
      .from(question)
      .where(and(inArray(question.parentId, ids), eq(question.isDeleted, 0)))
      .orderBy(asc(question.sort), asc(question.id)),
    knowledgeByName(db, tenantId),
  ]);
  const pathOf = new Map<string, string>();
  // Paths contain a slash; a node's plain name is kept only when it is the whole path (a root).
  for (const [name, id] of knowledge) if (!pathOf.has(id) || name.includes('/')) pathOf.set(id, name);
  const kids = await loadDrafts(db, tenantId, children);
  return rows.map((r) => ({
    type: r.type as QuestionDraft['type'],
    stem: r.stem,
    answer: r.answer,
    analysis: r.analysis,
    difficulty: r.difficulty,
    score: Number(r.score),
    discipline: r.discipline,
    source: r.source,
    config: r.config as QuestionDraft['config'],
    items: items
      .filter((i) => i.questionId === r.id)
      .map((i) => ({
        content: i.content,
        isAnswer: i.isAnswer,
        score: Number(i.score),
        config: i.config as QuestionDraft['items'][number]['config'],
      })),
    knowledge: flags
      .filter((f) => f.questionId === r.id)
      .map((f) => pathOf.get(f.flagId))
      .filter((k): k is string => Boolean(k)),
    children: kids.filter((_, i) => children[i]!.parentId === r.id),
  }));
}
