import {
  type BlankRules,
  itemConfig,
  partsTotal,
  type QuestionType,
  type questionFormSchema,
  questionProblems,
  scoreMismatch,
} from '@shixun/contracts';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { ResourceHooks } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sanitizeRichText } from '../../core/html/sanitize.ts';
import { badRequest, forbidden } from '../../core/http/errors.ts';
import { searchTokens } from '../../core/text/tokens.ts';
import { question, questionFlag, questionItem, questionLib } from '../../db/schema/index.ts';
import { liveFlagIds } from '../academic/academic.api.ts';
import { libraryPolicy } from './library.policy.ts';
import { questionPlaces } from './question.usage.ts';

export type QuestionRow = typeof question.$inferSelect;
type ItemValues = { content: string; isAnswer?: number; score?: number | string };

/** The live library `libId` if the caller may edit it: unknown or unreadable → 400, readable only → 403. */
export async function editableLib(db: Db, p: Principal, libId: string) {
  const who = await libraryPolicy.reader(db, p);
  const [lib] = await db
    .select({ id: questionLib.id, discipline: questionLib.discipline })
    .from(questionLib)
    .where(
      and(
        eq(questionLib.tenantId, p.tenantId),
        eq(questionLib.isDeleted, 0),
        eq(questionLib.id, libId),
        libraryPolicy.condition(who, 'read'),
      ),
    );
  if (!lib) throw badRequest('questionLib.invalid');
  const edit = libraryPolicy.condition(who, 'edit');
  if (edit) {
    const [ok] = await db
      .select({ id: questionLib.id })
      .from(questionLib)
      .where(and(eq(questionLib.id, libId), edit));
    if (!ok) throw forbidden('questionLib.readOnly');
  }
  return lib;
}

/** Live items of a question, in order. */
export function itemsOf(db: Db, questionId: string, except: string[] = []) {
  return db
    .select()
    .from(questionItem)
    .where(
      and(
        eq(questionItem.questionId, questionId),
        eq(questionItem.isDeleted, 0),
        except.length ? notInArray(questionItem.id, except) : undefined,
      ),
    )
    .orderBy(asc(questionItem.sort), asc(questionItem.id));
}

/** The first thing wrong with a question's shape, refused in the caller's language. */
function assertShape(q: { type: QuestionType; stem: string; answer: string }, items: ItemValues[], child: boolean) {
  const [problem] = questionProblems(
    { ...q, items: items.map((i) => ({ content: i.content, isAnswer: i.isAnswer ?? 0 })) },
    child,
  );
  if (problem) throw badRequest(problem);
}

/** Refused unless the score agrees with its parts (scoreMismatch, the editor's and every import's rule too). */
function assertScore(q: { type: QuestionType; score: number }, items: ItemValues[], childScores?: number[]) {
  const mismatch = scoreMismatch({ ...q, items: items.map((i) => ({ score: Number(i.score) || 0 })) }, childScores);
  if (mismatch) throw badRequest(mismatch.key, mismatch.params);
}

/** The scores of a composite question's live children. */
async function childScoresOf(db: Db, parentId: string): Promise<number[]> {
  const rows = await db
    .select({ score: question.score })
    .from(question)
    .where(and(eq(question.parentId, parentId), eq(question.isDeleted, 0)));
  return rows.map((r) => Number(r.score));
}

/**
 * Composite questions' scores made their children's totals — after a child was added, changed, moved away or
 * removed — so a composite's score is derived, never typed twice.
 */
export async function deriveCompositeScores(db: Db, parentIds: string[]): Promise<void> {
  const ids = [...new Set(parentIds)].filter((id) => id !== '0');
  if (!ids.length) return;
  await db
    .update(question)
    .set({
      score: sql`(select coalesce(sum(k.score), 0) from question k where k.parent_id = ${question.id} and k.is_deleted = 0)`,
    })
    .where(and(inArray(question.id, ids), eq(question.type, 'composite'), eq(question.isDeleted, 0)));
}

/** A classification node among a question's search tokens: `#` never occurs in a token of text. */
export const flagToken = (flagId: string) => `#f${flagId}`;

/**
 * What a question is found by, on one GIN index: the words of its text (core/text/tokens.ts) and its
 * classification nodes, so that a text and a knowledge-point filter meet inside the index.
 */
export function tokensOf(
  q: { stem: string; answer: string; analysis: string },
  items: ItemValues[],
  flagIds: string[],
): string[] {
  return [...searchTokens(q.stem, q.answer, q.analysis, ...items.map((i) => i.content)), ...flagIds.map(flagToken)];
}

/** A question's classification nodes. */
async function flagsOf(db: Db, questionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questionFlag.flagId })
    .from(questionFlag)
    .where(eq(questionFlag.questionId, questionId));
  return rows.map((r) => r.id);
}

export async function richTextCleaner(db: Db, files: FileStore, p: Principal) {
  const media = await files.mediaPrefixes(db, p.tenantId);
  return (html: string) => sanitizeRichText(html, media);
}

/**
 * After one of a question's items changed on its own (question_item calls): the question must still be whole, and
 * its search words follow. `except`: items about to be removed.
 */
export async function recheckQuestion(db: Db, questionId: string, except: string[] = []): Promise<void> {
  const [q] = await db.select().from(question).where(eq(question.id, questionId));
  if (!q) return;
  const items = await itemsOf(db, questionId, except);
  assertShape({ ...q, type: q.type as QuestionType }, items, q.parentId !== '0');
  // Parts edited one at a time cannot agree with the score at every step: the score follows them instead.
  const total = partsTotal({
    type: q.type as QuestionType,
    items: items.map((i) => ({ score: Number(i.score) || 0 })),
  });
  await db
    .update(question)
    .set({
      searchTokens: tokensOf(q, items, await flagsOf(db, questionId)),
      ...(total !== undefined ? { score: total } : {}),
    })
    .where(eq(question.id, questionId));
  if (total !== undefined) await deriveCompositeScores(db, [q.parentId]);
}

export const questionHooks: ResourceHooks<typeof questionFormSchema, QuestionRow> = {
  async beforeSave({ db, principal, values, existing, next, files }) {
    if (existing && values.libId !== undefined && values.libId !== existing.libId) {
      throw badRequest('question.lib.fixed');
    }
    const parentId = next.parentId ?? '0';
    if (parentId !== '0' && parentId !== existing?.parentId) {
      // A child lives in its composite question's library.
      const [parent] = await db
        .select({ libId: question.libId, type: question.type })
        .from(question)
        .where(and(eq(question.tenantId, principal.tenantId), eq(question.isDeleted, 0), eq(question.id, parentId)));
      if (parent?.type !== 'composite') throw badRequest('question.parent.invalid');
      if (existing && parent.libId !== existing.libId) throw badRequest('question.lib.fixed');
      values.libId = parent.libId;
    }
    const lib = await editableLib(db, principal, values.libId ?? existing!.libId);
    if (existing?.type === 'composite' && next.type !== 'composite') {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(question)
        .where(and(eq(question.parentId, existing.id), eq(question.isDeleted, 0)));
      if (n > 0) throw badRequest('question.type.fixed');
    }

    const clean = await richTextCleaner(db, files, principal);
    for (const key of ['stem', 'answer', 'analysis'] as const) {
      if (typeof values[key] === 'string') values[key] = clean(values[key]);
    }
    const sentItems = values.items as (ItemValues & { config?: BlankRules })[] | undefined;
    if (sentItems) {
      for (const item of sentItems) {
        item.content = clean(item.content);
        item.config = itemConfig(next.type, item.config);
      }
    }
    const items: ItemValues[] = sentItems ?? (existing ? await itemsOf(db, existing.id) : []);
    const whole = {
      type: next.type,
      stem: values.stem ?? existing?.stem ?? '',
      answer: values.answer ?? existing?.answer ?? '',
      analysis: values.analysis ?? existing?.analysis ?? '',
    };
    assertShape(whole, items, parentId !== '0');
    // The score agrees with its parts. Not sent, it is derived: a composite's from its children (once it has some —
    // a new one gets them after it is saved), a new question's from its points or blanks when they carry scores.
    const children = next.type === 'composite' && existing ? await childScoresOf(db, existing.id) : [];
    const childScores = children.length ? children : undefined;
    const parts = { type: next.type, items: items.map((i) => ({ score: Number(i.score) || 0 })) };
    if (values.score === undefined && (childScores || !existing)) {
      const total = partsTotal(parts, childScores);
      if (total !== undefined) values.score = total;
    }
    assertScore({ type: next.type, score: Number(values.score ?? existing?.score ?? 0) }, items, childScores);

    const flagIds = values.flagIds as string[] | undefined;
    if (flagIds?.length) {
      const known = await liveFlagIds(db, principal.tenantId, flagIds);
      if (known.length !== new Set(flagIds).size) throw badRequest('question.flag.invalid');
    }
    if (!existing && values.discipline === undefined) values.discipline = lib.discipline;
    const flags = flagIds ?? (existing ? await flagsOf(db, existing.id) : []);
    Object.assign(values, { searchTokens: tokensOf(whole, items, flags) });
  },

  /** A child's score counts in its composite's (and in the one it left, when it moved). */
  async afterSave({ db, row, existing }) {
    await deriveCompositeScores(db, [row.parentId, existing?.parentId ?? '0']);
  },

  /** A removed child no longer counts in its composite's score. */
  async onRemoved({ db, rows }) {
    await deriveCompositeScores(
      db,
      rows.map((r) => r.parentId),
    );
  },

  /** A question in use (a paper) stays; the refusal names where. */
  async beforeRemove({ db, principal, ids, locale }) {
    const places = await questionPlaces(db, locale, principal.tenantId, ids);
    if (places) throw badRequest('question.inPaper', { places });
  },

  /** Each question with its library's name and, for composite questions, how many children it has. */
  async afterLoad(rows, { db }) {
    const libIds = [...new Set(rows.map((r) => r.libId))];
    const composite = rows.filter((r) => r.type === 'composite').map((r) => r.id);
    const [libs, children] = await Promise.all([
      libIds.length
        ? db
            .select({ id: questionLib.id, name: questionLib.name })
            .from(questionLib)
            .where(inArray(questionLib.id, libIds))
        : [],
      composite.length
        ? db
            .select({ parentId: question.parentId, n: count() })
            .from(question)
            .where(and(inArray(question.parentId, composite), eq(question.isDeleted, 0)))
            .groupBy(question.parentId)
        : [],
    ]);
    const libName = new Map(libs.map((l) => [l.id, l.name]));
    const childCount = new Map(children.map((c) => [c.parentId, c.n]));
    return rows.map((r) => ({ ...r, libName: libName.get(r.libId) ?? '', childCount: childCount.get(r.id) ?? 0 }));
  },
};
