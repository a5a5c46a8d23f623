import { defineShareable } from '../../modules/academic/academic.api.ts';
import { lessonPlan, lessonPlanPermission } from './lesson-plan.tables.ts';

/**
 * Who may read or change a lesson plan: its owner, the teachers and schools it is shared with (to read or to edit),
 * everyone once it is public, administrators all. Refusals say the `share.*` messages (no `messages` of its own).
 */
export const lessonPlanPolicy = defineShareable({
  table: lessonPlan,
  shares: { table: lessonPlanPermission, target: lessonPlanPermission.planId },
});
