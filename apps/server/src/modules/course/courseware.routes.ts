import {
  coursewareFollowSchema,
  coursewareIdQuerySchema,
  coursewareQuoteSchema,
  idSchema,
  segmentsQuerySchema,
  translate,
} from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import { resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { stepCourseware } from './courseware.order.ts';
import { coursewareResource } from './courseware.resource.ts';
import { questionSegments } from './courseware.segments.ts';
import { follow, newerVersions, quoteCourseware } from './courseware.versions.ts';

const jd = '/api/jd/pc';
const wares = resourceService(coursewareResource);

/**
 * Quote by reference (a courseware of the library pinned to a version; its newer versions; update, copy or keep) and
 * the segments that teach the knowledge points of questions (the wrong-answer book's "复习" links); a courseware one
 * step up or down its topic.
 */
export function coursewareRoutes(app: TypedApp, deps: { db: Db }): void {
  const { db } = deps;
  app.post(
    `${jd}/courseware/quote`,
    { config: { access: access.permission('courseware_add') }, schema: { body: coursewareQuoteSchema } },
    async (req) => {
      const call = callOf(req);
      const row = await wares.detail(call, await quoteCourseware(db, call.principal, req.body));
      return { ...ok(localeOf(req), row), msg: translate(localeOf(req), 'courseware.quoted', { name: row.name }) };
    },
  );
  app.get(
    `${jd}/courseware/versions`,
    { config: { access: access.permission('courseware_view') }, schema: { querystring: coursewareIdQuerySchema } },
    async (req) => ok(localeOf(req), await newerVersions(db, principalOf(req), req.query.id)),
  );
  app.post(
    `${jd}/courseware/follow`,
    { config: { access: access.permission('courseware_edit') }, schema: { body: coursewareFollowSchema } },
    async (req) => {
      const call = callOf(req);
      const done = await follow(db, call.principal, req.body);
      const msg =
        req.body.action === 'update'
          ? translate(localeOf(req), 'courseware.follow.updated', { version: done.version })
          : translate(
              localeOf(req),
              req.body.action === 'copy' ? 'courseware.follow.copied' : 'courseware.follow.kept',
            );
      return { ...ok(localeOf(req), await wares.detail(call, done.id)), msg };
    },
  );
  for (const [direction, step] of [
    ['up', -1],
    ['down', 1],
  ] as const) {
    app.post(
      `${jd}/courseware/move/${direction}/:id`,
      { config: { access: access.permission('courseware_edit') }, schema: { params: z.object({ id: idSchema }) } },
      async (req) => {
        await stepCourseware(db, principalOf(req), req.params.id, step);
        return ok(localeOf(req), null, 'ok.default');
      },
    );
  }
  app.get(
    `${jd}/course_study/segments`,
    {
      config: { access: access.permission(['course_study', 'course_view']) },
      schema: { querystring: segmentsQuerySchema },
    },
    async (req) => ok(localeOf(req), await questionSegments(db, principalOf(req), req.query.questionIds)),
  );
}
