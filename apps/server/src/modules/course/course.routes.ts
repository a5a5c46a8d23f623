import {
  coursePaperBatchSchema,
  coursePublishSchema,
  courseQuoteSchema,
  courseTreeQuerySchema,
  notRelatePageQuerySchema,
  pageQuerySchema,
  translate,
} from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { callOf } from '../../core/crud/mount.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { addPapers, libraryTree, papersNotOnTopic, publish, quote } from './course.service.ts';
import { studentCourses } from './course.study.ts';
import { studyTree } from './course.topic-study.ts';

const jd = '/api/jd/pc';
const studentListQuery = pageQuerySchema.extend({ name: z.string().trim().max(100).optional() });

/**
 * What the factory's CRUD of course, course_sub, courseware and course_paper cannot say: quote, publish, the public
 * library by direction, a student's courses, a course's topic tree, papers put on a topic in one go and the papers not
 * yet on it.
 */
export function courseRoutes(app: TypedApp, deps: { db: Db }): void {
  const { db } = deps;
  app.post(
    `${jd}/course/quote_course`,
    { config: { access: access.permission('course_quote') }, schema: { body: courseQuoteSchema } },
    async (req) => {
      const copy = await quote(callOf(req), req.body);
      return { ...ok(localeOf(req), copy), msg: translate(localeOf(req), 'course.quoted', { name: copy.name }) };
    },
  );
  app.post(
    `${jd}/course/publish`,
    { config: { access: access.permission('course_publish') }, schema: { body: coursePublishSchema } },
    async (req) => ({
      ...ok(localeOf(req), await publish(callOf(req), req.body)),
      msg: translate(localeOf(req), req.body.published ? 'course.published' : 'course.unpublished'),
    }),
  );
  app.get(`${jd}/course/tree`, { config: { access: access.permission('course_view') } }, async (req) =>
    ok(localeOf(req), await libraryTree(callOf(req))),
  );
  app.get(
    `${jd}/course/student_course_list`,
    { config: { access: access.permission('course_study') }, schema: { querystring: studentListQuery } },
    async (req) => ok(localeOf(req), await studentCourses(db, principalOf(req), req.query)),
  );
  app.get(
    `${jd}/course_sub/tree`,
    {
      config: { access: access.permission(['course_sub_view', 'course_study']) },
      schema: { querystring: courseTreeQuerySchema },
    },
    async (req) => ok(localeOf(req), await studyTree(db, principalOf(req), req.query.courseId)),
  );
  app.post(
    `${jd}/course_paper/add_batch`,
    { config: { access: access.permission('course_paper_add') }, schema: { body: coursePaperBatchSchema } },
    async (req) => {
      const done = await addPapers(callOf(req), req.body);
      return { ...ok(localeOf(req), done), msg: translate(localeOf(req), 'coursePaper.added', { count: done.added }) };
    },
  );
  app.get(
    `${jd}/paper/not_relate_page`,
    {
      config: { access: access.permission('course_paper_view') },
      schema: { querystring: notRelatePageQuerySchema },
    },
    async (req) => ok(localeOf(req), await papersNotOnTopic(callOf(req), req.query)),
  );
}
