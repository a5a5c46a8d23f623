import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { forbidden, notFound } from '../../core/http/errors.ts';
import { coursePaper } from '../../db/schema/index.ts';
import { practiceAttemptFor } from '../assignment/assignment.api.ts';
import { assertTopicOpen, studyState } from './course.progress.ts';

/**
 * `course_paper/practice {id}`: a student practises a paper of an open topic of a course of their class (out of reach:
 * 404 like an unknown id; a closed topic: 403 with why) — their practice attempt with immediate feedback, started or
 * resumed, and the exam player's page that opens it.
 */
export async function practiseCoursePaper(
  db: Db,
  p: Principal,
  id: string,
): Promise<{ attemptId: string; assignmentId: string; path: string }> {
  const [row] = await db
    .select()
    .from(coursePaper)
    .where(and(eq(coursePaper.id, id), eq(coursePaper.tenantId, p.tenantId), eq(coursePaper.isDeleted, 0)));
  if (!row) throw notFound();
  const state = await studyState(db, p, row.courseId);
  if (!state.student) throw forbidden();
  assertTopicOpen(state, row.courseSubId);
  const started = await db.transaction((tx) => practiceAttemptFor(tx, p, row.paperId));
  return { ...started, path: `/paper/exam/${started.attemptId}` };
}
