import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { practicalPaper, practicalPoint } from '../../db/schema/index.ts';

/** Makes each task's total the sum of its points' scores, in the transaction of the change that moved it. */
export async function recomputeTotals(db: Db, paperIds: string[]): Promise<void> {
  const ids = [...new Set(paperIds)];
  if (!ids.length) return;
  await db
    .update(practicalPaper)
    .set({
      totalScore: sql`(select coalesce(sum(${practicalPoint.score}), 0) from ${practicalPoint}
        where ${practicalPoint.paperId} = ${practicalPaper.id} and ${practicalPoint.isDeleted} = 0)`,
      updateTime: new Date(),
    })
    .where(inArray(practicalPaper.id, ids));
}
