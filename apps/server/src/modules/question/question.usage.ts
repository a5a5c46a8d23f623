import type { Locale, MessageKey } from '@shixun/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Reference, referencePlaces } from '../../core/crud/references.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { question, questionFlag, questionItem } from '../../db/schema/index.ts';

/**
 * Where questions are used (papers declare it as a reference to `question`, core/crud/references.ts), named for the
 * teacher: "试卷《期中考试》、试卷《单元练习》"; empty when unused.
 */
export async function questionPlaces(
  db: Db,
  locale: Locale,
  tenantId: string,
  ids: string[],
  exceptPaper?: string,
): Promise<string> {
  const places = await referencePlaces(db, locale, tenantId, 'question', ids, exceptPaper);
  return [...new Set(places.values())].join(locale === 'zh' ? '、' : ', ');
}

/** Refuses (400 `message` with `{name, places}`) when any live question matching `where` is used somewhere. */
export async function assertQuestionsUnused(
  db: Db,
  ctx: { locale: Locale; tenantId: string },
  where: SQL,
  refusal: { message: MessageKey; name: string },
): Promise<void> {
  const rows = await db
    .select({ id: question.id })
    .from(question)
    .where(and(eq(question.tenantId, ctx.tenantId), eq(question.isDeleted, 0), where));
  const places = await questionPlaces(
    db,
    ctx.locale,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  if (places) throw badRequest(refusal.message, { name: refusal.name, places });
}

/** A question uses a file when its stem, answer, analysis or one of its items links to it (a picture, a recording). */
export const questionUsesAttach: Reference = {
  target: 'attach',
  label: { zh: '试题', en: 'Question' },
  async find(db, tenantId, links) {
    const hits: { key: string; title: string }[] = [];
    for (const link of links) {
      // strpos, not LIKE: a link's characters are matched literally.
      const inItems = db
        .select({ id: questionItem.questionId })
        .from(questionItem)
        .where(and(eq(questionItem.isDeleted, 0), sql`strpos(${questionItem.content}, ${link}) > 0`));
      const rows = await db
        .select({ stem: question.stem })
        .from(question)
        .where(
          and(
            eq(question.tenantId, tenantId),
            eq(question.isDeleted, 0),
            or(
              sql`strpos(${question.stem} || ${question.answer} || ${question.analysis}, ${link}) > 0`,
              inArray(question.id, inItems),
            ),
          ),
        )
        .limit(10);
      hits.push(...rows.map((r) => ({ key: link, title: plainTitle(r.stem) })));
    }
    return hits;
  },
};

/** A stem as a line of plain text (tree titles, where a question is named). */
export function plainTitle(stem: string): string {
  const text = stem
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A question uses a classification node (a knowledge point) it is filed under. */
export const questionUsesFlag: Reference = {
  target: 'flag',
  label: { zh: '试题', en: 'Question' },
  async find(db, tenantId, flagIds) {
    const rows = await db
      .select({ flagId: questionFlag.flagId, stem: question.stem })
      .from(questionFlag)
      .innerJoin(question, eq(question.id, questionFlag.questionId))
      .where(and(inArray(questionFlag.flagId, flagIds), eq(question.tenantId, tenantId), eq(question.isDeleted, 0)))
      .limit(50);
    return rows.map((r) => ({ key: r.flagId, title: plainTitle(r.stem) }));
  },
};
