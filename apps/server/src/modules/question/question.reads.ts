import type { BlueprintRule, QuestionType } from '@shixun/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { resolveFilters } from '../../core/crud/filters.ts';
import { accessScope, filterConditions } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { question, questionFlag, questionItem, questionLib } from '../../db/schema/index.ts';
import { childOrder, questionResource } from './question.resource.ts';

type QuestionRow = typeof question.$inferSelect;

/** A bank question about to be placed on a paper: its bank score is its score there unless one is given. */
export type PlaceableQuestion = Pick<QuestionRow, 'id' | 'parentId' | 'stem' | 'score'>;
/** A composite's child, placed with it. */
export type ChildQuestion = Pick<QuestionRow, 'id' | 'parentId' | 'score'>;

/** An option, blank or scoring point of a question as a paper shows it. */
export type ShownItem = Pick<typeof questionItem.$inferSelect, 'id' | 'content' | 'isAnswer' | 'score'>;
/** A question as a paper shows it, with its library's name and its live items in order. */
export interface ShownQuestion {
  type: QuestionType;
  stem: string;
  difficulty: number;
  answer: string;
  analysis: string;
  libName: string;
  items: ShownItem[];
}

/** Of these questions, the live ones the caller may read (own, shared and public libraries), at any level. */
export async function placeableQuestions(db: Db, p: Principal, ids: string[]): Promise<PlaceableQuestion[]> {
  return db
    .select({ id: question.id, parentId: question.parentId, stem: question.stem, score: question.score })
    .from(question)
    .where(and(await accessScope(db, questionResource, p), inArray(question.id, ids)));
}

/** The live children of these composite questions, in order. */
export function questionChildren(db: Db, parentIds: string[]): Promise<ChildQuestion[]> {
  return db
    .select({ id: question.id, parentId: question.parentId, score: question.score })
    .from(question)
    .where(and(inArray(question.parentId, parentIds), eq(question.isDeleted, 0)))
    .orderBy(...childOrder);
}

/**
 * Each rule's candidates: the top-level questions the caller may read that match it by the bank's own list filters
 * (a knowledge point takes the points below it), ids in id order — rules may overlap.
 */
export async function questionPools(
  db: Db,
  p: Principal,
  rules: Pick<BlueprintRule, 'libId' | 'type' | 'difficulty' | 'flagId'>[],
): Promise<string[][]> {
  const readable = await accessScope(db, questionResource, p);
  const pools: string[][] = [];
  for (const rule of rules) {
    const rows = await db
      .select({ id: question.id })
      .from(question)
      .where(and(readable, await matching(db, rule)))
      .orderBy(asc(question.id));
    pools.push(rows.map((r) => r.id));
  }
  return pools;
}

async function matching(db: Db, query: Record<string, unknown>): Promise<SQL> {
  const shape = Object.fromEntries(Object.entries(questionResource.filters).map(([k, f]) => [k, f.schema]));
  const parsed = z.object(shape).parse(query) as Record<string, unknown>;
  const resolved = await resolveFilters(questionResource.filters, parsed, db);
  return and(eq(question.isDeleted, 0), ...filterConditions(questionResource, resolved))!;
}

/**
 * These questions as a paper shows them, by id — deleted ones too, since a paper keeps showing what it holds. Two
 * queries whatever the number of questions.
 */
export async function questionsForPaper(db: Db, ids: string[]): Promise<Map<string, ShownQuestion>> {
  if (!ids.length) return new Map();
  const [rows, items] = await Promise.all([
    db
      .select({
        id: question.id,
        type: question.type,
        stem: question.stem,
        difficulty: question.difficulty,
        answer: question.answer,
        analysis: question.analysis,
        libName: questionLib.name,
      })
      .from(question)
      .leftJoin(questionLib, eq(questionLib.id, question.libId))
      .where(inArray(question.id, ids)),
    db
      .select({
        id: questionItem.id,
        questionId: questionItem.questionId,
        content: questionItem.content,
        isAnswer: questionItem.isAnswer,
        score: questionItem.score,
      })
      .from(questionItem)
      .where(and(inArray(questionItem.questionId, ids), eq(questionItem.isDeleted, 0)))
      .orderBy(asc(questionItem.sort), asc(questionItem.id)),
  ]);
  const shown = new Map<string, ShownQuestion>();
  for (const { id, type, libName, ...rest } of rows) {
    shown.set(id, { ...rest, type: type as QuestionType, libName: libName ?? '', items: [] });
  }
  for (const { questionId, ...item } of items) shown.get(questionId)?.items.push(item);
  return shown;
}

/** The classification nodes (knowledge points …) each of these questions of the tenant is filed under. */
export function questionFlagPairs(
  db: Db,
  tenantId: string,
  questionIds: string[],
): Promise<{ questionId: string; flagId: string }[]> {
  return db
    .select({ questionId: questionFlag.questionId, flagId: questionFlag.flagId })
    .from(questionFlag)
    .innerJoin(question, eq(question.id, questionFlag.questionId))
    .where(and(inArray(questionFlag.questionId, questionIds), eq(question.tenantId, tenantId)));
}
