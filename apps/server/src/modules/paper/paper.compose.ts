import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paperQuestion, paperTitle } from '../../db/schema/index.ts';
import {
  type ChildQuestion,
  type PlaceableQuestion,
  placeableQuestions,
  plainTitle,
  questionChildren,
} from '../question/question.api.ts';
import { paperPolicy } from './paper.policy.ts';

/** A bank question about to enter a paper, with a composite's children in order. */
export interface Addable {
  question: PlaceableQuestion;
  children: ChildQuestion[];
}

/** A live section of a paper the caller may change (of `paperId`, when given); else 400 `paper.section.invalid`. */
export async function editableSection(db: Db, p: Principal, titleId: string, paperId?: string) {
  const [title] = await db
    .select()
    .from(paperTitle)
    .where(and(eq(paperTitle.tenantId, p.tenantId), eq(paperTitle.isDeleted, 0), eq(paperTitle.id, titleId)));
  if (!title || (paperId && title.paperId !== paperId)) throw badRequest('paper.section.invalid');
  await paperPolicy.editable(db, p, title.paperId);
  return title;
}

/**
 * The bank questions to add to a paper, each once: questions the caller may read, not a composite's child, not
 * already in the paper (by themselves or as a child) — or 400 naming what is wrong.
 */
export async function addableQuestions(db: Db, p: Principal, paperId: string, ids: string[]): Promise<Addable[]> {
  const wanted = [...new Set(ids)];
  const found = await placeableQuestions(db, p, wanted);
  if (found.length !== wanted.length) throw badRequest('paper.question.invalid');
  if (found.some((q) => q.parentId !== '0')) throw badRequest('paper.question.child');
  const children = await questionChildren(db, wanted);
  const inPaper = await db
    .select({ questionId: paperQuestion.questionId })
    .from(paperQuestion)
    .where(
      and(
        eq(paperQuestion.paperId, paperId),
        eq(paperQuestion.isDeleted, 0),
        inArray(paperQuestion.questionId, [...wanted, ...children.map((c) => c.id)]),
      ),
    );
  const taken = new Set(inPaper.map((r) => r.questionId));
  const twice = found.filter((q) => taken.has(q.id) || children.some((c) => c.parentId === q.id && taken.has(c.id)));
  if (twice.length) {
    throw badRequest('paper.question.duplicate', { names: twice.map((q) => `“${plainTitle(q.stem)}”`).join('、') });
  }
  const byId = new Map(found.map((q) => [q.id, q]));
  return wanted.map((id) => ({
    question: byId.get(id)!,
    children: children.filter((c) => c.parentId === id),
  }));
}

/** The sort a question added last to a section gets. */
export async function nextQuestionSort(db: Db, titleId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(paperQuestion.sort) })
    .from(paperQuestion)
    .where(and(eq(paperQuestion.titleId, titleId), eq(paperQuestion.parentId, '0'), eq(paperQuestion.isDeleted, 0)));
  return Number(row?.n ?? 0) + 1;
}

/** The rows of a composite's children under its paper row, each with the bank's score unless `scores` are given. */
export async function insertChildRows(
  db: Db,
  p: Principal,
  parent: typeof paperQuestion.$inferSelect,
  kids: ChildQuestion[],
  scores?: number[],
) {
  if (!kids.length) return;
  await db.insert(paperQuestion).values(
    kids.map((k, i) => ({
      ...audit(p),
      id: newId(),
      paperId: parent.paperId,
      titleId: parent.titleId,
      questionId: k.id,
      parentId: parent.id,
      score: scores?.[i] ?? Number(k.score),
      sort: i + 1,
    })),
  );
}

/**
 * Adds checked questions to the end of a section (`score` each, else the bank's), composites with their children.
 * The caller recomputes the totals.
 */
export async function insertQuestions(
  db: Db,
  p: Principal,
  section: { id: string; paperId: string },
  list: Addable[],
  score?: number,
): Promise<void> {
  let sort = await nextQuestionSort(db, section.id);
  for (const { question: q, children } of list) {
    const [row] = await db
      .insert(paperQuestion)
      .values({
        ...audit(p),
        id: newId(),
        paperId: section.paperId,
        titleId: section.id,
        questionId: q.id,
        score: children.length ? 0 : (score ?? Number(q.score)),
        sort: sort++,
      })
      .returning();
    const split =
      score === undefined
        ? undefined
        : splitScore(
            score,
            children.map((c) => Number(c.score)),
          );
    await insertChildRows(db, p, row!, children, split);
  }
}

/**
 * A composite question's score shared among its children in proportion to their bank scores (equally when those
 * are all 0), in tenths, the rounding left on the last child so that the parts add up exactly.
 */
export function splitScore(total: number, weights: number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const share = weights.map((w) => (sum > 0 ? w / sum : 1 / weights.length));
  const tenths = Math.round(total * 10);
  const parts = share.map((s) => Math.floor(tenths * s));
  parts[parts.length - 1]! += tenths - parts.reduce((a, b) => a + b, 0);
  return parts.map((t) => t / 10);
}

function audit(p: Principal) {
  return { tenantId: p.tenantId, createUser: p.userId, createDept: p.deptId, updateUser: p.userId };
}

/** The live rows of a paper's questions, in order (sections first, then sort). */
export function paperQuestionRows(db: Db, paperIds: string[]) {
  return db
    .select()
    .from(paperQuestion)
    .where(and(inArray(paperQuestion.paperId, paperIds), eq(paperQuestion.isDeleted, 0)))
    .orderBy(asc(paperQuestion.sort), asc(paperQuestion.id));
}
