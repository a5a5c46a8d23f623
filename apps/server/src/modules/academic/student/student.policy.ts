import type { Policy } from '../../../core/crud/resource.ts';
import { student } from '../../../db/schema/index.ts';
import { classScope, studentRowsCondition } from '../class-scope.ts';

/** Who may see a student: administrators all; a teacher the students of their classes. */
export const studentPolicy: Policy = {
  async rowScope(db, principal) {
    return studentRowsCondition(await classScope(db, principal), { classId: student.classId, studentId: student.id });
  },
};
