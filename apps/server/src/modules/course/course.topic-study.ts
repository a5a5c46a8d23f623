import type { CourseTopicNode, StudyTopicContent } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { coursePaper, courseSub, courseware } from '../../db/schema/index.ts';
import { paperSummaries } from '../paper/paper.api.ts';
import { assertTopicOpen, type StudyState, type StudyWare, studyState, wareProgress } from './course.progress.ts';
import { topicTree } from './course.study.ts';

/**
 * `course_sub/tree?courseId`: the topic tree of a course the caller reaches (a student: through their class). A
 * student's nodes also say how far they are and, for a closed topic, why (greyed on the page, not hidden).
 */
export async function studyTree(db: Db, p: Principal, courseId: string): Promise<CourseTopicNode[]> {
  const state = await studyState(db, p, courseId);
  const tree = await topicTree(db, courseId);
  if (state.student) for (const root of tree) annotate(root, state);
  return tree;
}

function annotate(node: CourseTopicNode, state: StudyState): void {
  const tally = state.tallies.get(node.id) ?? { total: 0, done: 0 };
  node.percent = tally.total ? Math.floor((tally.done * 100) / tally.total) : 100;
  node.completed = tally.done >= tally.total;
  const lock = state.locks.get(node.id);
  if (lock?.reason === 'previous') Object.assign(node, { lockReason: 'previous', previousName: lock.previous });
  if (lock?.reason === 'release') Object.assign(node, { lockReason: 'release', releaseAt: lock.releaseAt });
  for (const child of node.children ?? []) annotate(child, state);
}

/**
 * `course_study/topic?id`: what a student studies in one topic of a course of their class — its coursewares with
 * their progress, and its papers to practise. A topic out of reach is unknown (404); a closed one answers 403 with why.
 */
export async function studyTopic(db: Db, p: Principal, topicId: string): Promise<StudyTopicContent> {
  const [topic] = await db
    .select({ courseId: courseSub.courseId })
    .from(courseSub)
    .where(and(eq(courseSub.id, topicId), eq(courseSub.tenantId, p.tenantId), eq(courseSub.isDeleted, 0)));
  if (!topic) throw notFound();
  const state = await studyState(db, p, topic.courseId);
  assertTopicOpen(state, topicId);
  const wares = await db
    .select()
    .from(courseware)
    .where(and(eq(courseware.courseSubId, topicId), eq(courseware.isDeleted, 0)))
    .orderBy(asc(courseware.sort), asc(courseware.id));
  const papers = await db
    .select()
    .from(coursePaper)
    .where(and(eq(coursePaper.courseSubId, topicId), eq(coursePaper.isDeleted, 0)))
    .orderBy(asc(coursePaper.sort), asc(coursePaper.id));
  const summaries = await paperSummaries(
    db,
    papers.map((r) => r.paperId),
  );
  return {
    topicId,
    coursewares: wares.map((w) => ({
      id: w.id,
      name: w.name,
      kind: w.kind,
      link: w.link,
      extension: w.extension,
      originalName: w.originalName,
      fileSize: w.fileSize,
      content: w.content,
      duration: w.duration,
      completion: w.completion as StudyWare['completion'],
      version: w.version,
      progress: wareProgress(w as StudyWare, state.rows.get(w.id), state.passed.has(w.id)),
    })),
    papers: papers.map((r) => {
      const paper = summaries.get(r.paperId);
      return {
        id: r.id,
        paperId: r.paperId,
        paperTitle: paper?.title ?? '',
        paperType: paper?.paperType ?? '',
        totalScore: Number(paper?.totalScore ?? 0),
      };
    }),
  };
}
