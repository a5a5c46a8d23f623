import { idSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { quoteLessonPlan } from './lesson-plan.service.ts';

const quoteSchema = z.object({ id: idSchema, title: z.string().trim().max(100).optional() });

/** The module's one hand-written call: typed by its schema, guarded by a button code, one service call. */
export function lessonPlanRoutes(app: TypedApp, db: Db): void {
  app.post(
    '/api/jd/pc/lesson_plan/quote',
    { config: { access: access.permission('lesson_plan_quote' as never) }, schema: { body: quoteSchema } },
    async (req) => ok(localeOf(req), await quoteLessonPlan(db, principalOf(req), req.body)),
  );
}
