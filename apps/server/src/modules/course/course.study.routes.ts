import {
  classProgressQuerySchema,
  coursePracticeSchema,
  courseProgressQuerySchema,
  studyHeartbeatSchema,
  studyTopicQuerySchema,
} from '@shixun/contracts';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { sendDownload, XLSX_TYPE } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { classProgress, classProgressExport } from './course.class-progress.ts';
import { heartbeat } from './course.heartbeat.ts';
import { practiseCoursePaper } from './course.practice.ts';
import { courseProgress } from './course.progress.ts';
import { studyTopic } from './course.topic-study.ts';

const jd = '/api/jd/pc';

/**
 * A student's study: the heartbeat of the player, their progress through a course, an open topic's content; a
 * teacher's view of how a class studies a course, and its Excel export.
 */
export function courseStudyRoutes(app: TypedApp, deps: { db: Db }): void {
  const { db } = deps;
  app.post(
    `${jd}/course_study/heartbeat`,
    { config: { access: access.permission('course_study') }, schema: { body: studyHeartbeatSchema } },
    async (req) => ok(localeOf(req), await heartbeat(db, principalOf(req), req.body)),
  );
  app.get(
    `${jd}/course_study/progress`,
    { config: { access: access.permission('course_study') }, schema: { querystring: courseProgressQuerySchema } },
    async (req) => ok(localeOf(req), await courseProgress(db, principalOf(req), req.query.courseId)),
  );
  app.get(
    `${jd}/course_study/topic`,
    { config: { access: access.permission('course_study') }, schema: { querystring: studyTopicQuerySchema } },
    async (req) => ok(localeOf(req), await studyTopic(db, principalOf(req), req.query.id)),
  );
  app.post(
    `${jd}/course_paper/practice`,
    { config: { access: access.permission('course_study') }, schema: { body: coursePracticeSchema } },
    async (req) => ok(localeOf(req), await practiseCoursePaper(db, principalOf(req), req.body.id)),
  );
  app.get(
    `${jd}/course/progress`,
    { config: { access: access.permission('course_view') }, schema: { querystring: classProgressQuerySchema } },
    async (req) => ok(localeOf(req), await classProgress(db, principalOf(req), req.query.id, req.query.classId)),
  );
  app.get(
    `${jd}/course/progress/export`,
    { config: { access: access.permission('course_view') }, schema: { querystring: classProgressQuerySchema } },
    async (req, reply) => {
      const { id, classId } = req.query;
      const { body, name } = await classProgressExport(db, principalOf(req), id, classId, localeOf(req));
      return sendDownload(reply, { body, type: XLSX_TYPE, asciiName: 'course-progress.xlsx', name });
    },
  );
}
