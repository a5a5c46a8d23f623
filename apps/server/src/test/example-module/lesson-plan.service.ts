import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { lessonPlanPolicy } from './lesson-plan.policy.ts';
import { lessonPlan } from './lesson-plan.tables.ts';

/** 引用: a plan the caller may read copied as their own, private, remembering where it came from. */
export function quoteLessonPlan(db: Db, p: Principal, input: { id: string; title?: string | undefined }) {
  return lessonPlanPolicy.quote(db, p, input.id, async (tx, source) => {
    const [copy] = await tx
      .insert(lessonPlan)
      .values({
        id: newId(),
        tenantId: p.tenantId,
        title: input.title || source.title,
        body: source.body,
        sourceId: source.id,
        createUser: p.userId,
        createDept: p.deptId,
        updateUser: p.userId,
      })
      .returning();
    return { id: copy!.id, title: copy!.title, sourceId: copy!.sourceId };
  });
}
