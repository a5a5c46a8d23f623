import type { Locale, MessageKey } from '@shixun/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { referencePlaces } from '../../core/crud/references.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { question } from '../../db/schema/index.ts';

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
