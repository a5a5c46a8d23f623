import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Reference } from '../../core/crud/references.ts';
import { paper, paperQuestion } from '../../db/schema/index.ts';

/**
 * A paper uses the bank questions in its sections: the bank refuses to delete them and names the papers
 * (`hasPaperRela`, leaving out the paper being edited).
 */
export const paperUsesQuestion: Reference = {
  target: 'question',
  label: { zh: '试卷', en: 'Paper' },
  async find(db, tenantId, questionIds, exceptPaper) {
    const rows = await db
      .selectDistinct({ key: paperQuestion.questionId, title: paper.title })
      .from(paperQuestion)
      .innerJoin(paper, and(eq(paper.id, paperQuestion.paperId), eq(paper.isDeleted, 0)))
      .where(
        and(
          eq(paperQuestion.tenantId, tenantId),
          eq(paperQuestion.isDeleted, 0),
          inArray(paperQuestion.questionId, questionIds),
          exceptPaper ? ne(paperQuestion.paperId, exceptPaper) : undefined,
        ),
      )
      .limit(50);
    return rows;
  },
};
