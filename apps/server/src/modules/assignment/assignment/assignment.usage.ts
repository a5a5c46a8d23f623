import { and, eq, inArray } from 'drizzle-orm';
import type { Reference } from '../../../core/crud/references.ts';
import { paperTeacher } from '../../../db/schema/index.ts';

/**
 * An assignment was made from a paper: the paper stays while its assignments do (they keep their own frozen copy of
 * its questions, but name it and link back to it).
 */
export const assignmentUsesPaper: Reference = {
  target: 'paper',
  label: { zh: '考试安排', en: 'Assignment' },
  async find(db, tenantId, paperIds) {
    return db
      .selectDistinct({ key: paperTeacher.paperId, title: paperTeacher.title })
      .from(paperTeacher)
      .where(
        and(
          eq(paperTeacher.tenantId, tenantId),
          eq(paperTeacher.isDeleted, 0),
          inArray(paperTeacher.paperId, paperIds),
        ),
      )
      .limit(50);
  },
};
