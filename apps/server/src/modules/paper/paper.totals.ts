import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client.ts';
import { paper, paperQuestion } from '../../db/schema/index.ts';

/**
 * Makes each composite question's score the sum of its children's and each paper's total the sum of its questions
 * — after every change to a paper's questions or sections, in the change's transaction, so a total is never stale.
 */
export async function recomputeTotals(db: Db, paperIds: string[]): Promise<void> {
  const ids = [...new Set(paperIds)];
  if (!ids.length) return;
  const child = alias(paperQuestion, 'child');
  await db
    .update(paperQuestion)
    .set({
      score: sql`(select coalesce(sum(k.score), 0) from paper_question k
        where k.parent_id = ${paperQuestion.id} and k.is_deleted = 0)`,
    })
    .where(
      and(
        inArray(paperQuestion.paperId, ids),
        eq(paperQuestion.isDeleted, 0),
        inArray(
          paperQuestion.id,
          db
            .selectDistinct({ id: child.parentId })
            .from(child)
            .where(and(inArray(child.paperId, ids), ne(child.parentId, '0'), eq(child.isDeleted, 0))),
        ),
      ),
    );
  await db
    .update(paper)
    .set({
      totalScore: sql`(select coalesce(sum(${paperQuestion.score}), 0) from ${paperQuestion}
        where ${paperQuestion.paperId} = ${paper.id} and ${paperQuestion.parentId} = 0 and ${paperQuestion.isDeleted} = 0)`,
      updateTime: new Date(),
    })
    .where(inArray(paper.id, ids));
}
