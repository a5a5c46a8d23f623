import {
  type ClassProgress,
  type Locale,
  type MessageKey,
  segmentKind,
  translate,
  type WatchedRange,
  watchedSeconds,
} from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { buildWorkbook } from '../../core/excel/sheet.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { courseClass, courseStudy, courseSub, courseware } from '../../db/schema/index.ts';
import { classScope, studentNames, studentsOfClasses } from '../academic/academic.api.ts';
import { type StudyTopic, type TopicTally, tallyTopics } from './course.locks.ts';
import { reachableCourse } from './course.reach.ts';

/**
 * `course/progress?id&classId`: how a class studies a course the teacher reaches (else 404), taught to that class
 * (else 400) that they see (else 404): per student and topic the share of coursewares completed, and per timed
 * courseware the share of the class that watched each tenth — where a video loses its viewers.
 */
export async function classProgress(db: Db, p: Principal, courseId: string, classId: string): Promise<ClassProgress> {
  const reach = await reachableCourse(db, p, courseId);
  if (reach.student) throw notFound();
  const scope = await classScope(db, p);
  if (scope.kind !== 'all' && !scope.classIds.includes(classId)) throw notFound();
  const [taught] = await db
    .select({ id: courseClass.id })
    .from(courseClass)
    .where(and(eq(courseClass.courseId, courseId), eq(courseClass.classId, classId)));
  if (!taught) throw badRequest('study.class.invalid');
  const topics: StudyTopic[] = await db
    .select({ id: courseSub.id, parentId: courseSub.parentId, name: courseSub.name, locked: courseSub.locked })
    .from(courseSub)
    .where(and(eq(courseSub.courseId, courseId), eq(courseSub.isDeleted, 0)))
    .orderBy(asc(courseSub.sort), asc(courseSub.id));
  const wares = await db
    .select({
      id: courseware.id,
      topicId: courseware.courseSubId,
      name: courseware.name,
      duration: courseware.duration,
      extension: courseware.extension,
    })
    .from(courseware)
    .where(and(eq(courseware.courseId, courseId), eq(courseware.isDeleted, 0)))
    .orderBy(asc(courseware.sort), asc(courseware.id));
  const roster = await studentsOfClasses(db, p.tenantId, [classId]);
  const names = roster.length
    ? await studentNames(
        db,
        roster.map((r) => r.id),
      )
    : [];
  const studied = roster.length
    ? await db
        .select()
        .from(courseStudy)
        .where(
          and(
            eq(courseStudy.courseId, courseId),
            inArray(
              courseStudy.userId,
              roster.map((r) => r.userId),
            ),
          ),
        )
    : [];
  const ordered = inTreeOrder(topics);
  const who = new Map(names.map((n) => [n.id, n]));
  const students = roster
    .map((s) => {
      const mine = new Map(studied.filter((r) => r.userId === s.userId).map((r) => [r.coursewareId, r]));
      const own = new Map<string, TopicTally>();
      for (const w of wares) {
        const t = own.get(w.topicId) ?? { total: 0, done: 0 };
        own.set(w.topicId, { total: t.total + 1, done: t.done + (mine.get(w.id)?.completed ? 1 : 0) });
      }
      const tallies = tallyTopics(topics, own);
      const done = wares.filter((w) => mine.get(w.id)?.completed === 1).length;
      return {
        studentId: s.id,
        no: who.get(s.id)?.no ?? '',
        name: who.get(s.id)?.name ?? '',
        percent: wares.length ? Math.floor((done * 100) / wares.length) : 0,
        completedCount: done,
        topics: ordered.map(({ id }) => {
          const t = tallies.get(id) ?? { total: 0, done: 0 };
          return { percent: t.total ? Math.floor((t.done * 100) / t.total) : 100, completed: t.done >= t.total };
        }),
      };
    })
    .sort((a, b) => a.no.localeCompare(b.no));
  // A video's length: the teacher's, else what the students' players reported (a teacher seldom types it).
  const videos = wares
    .filter((w) => segmentKind(w) === 'time')
    .map((w) => {
      const rows = studied.filter((r) => r.coursewareId === w.id);
      const duration = w.duration || Math.max(0, ...rows.map((r) => r.length));
      const ranges = rows.map((r) => r.ranges as WatchedRange[]);
      return { coursewareId: w.id, name: w.name, duration, tenths: tenthsWatched(ranges, duration, roster.length) };
    })
    .filter((v) => v.duration > 0);
  return { courseId, classId, topics: ordered.map(({ id, name, depth }) => ({ id, name, depth })), students, videos };
}

/** The topics depth first in course order (a chapter, then its sections), each with its depth. */
function inTreeOrder(topics: StudyTopic[]): (StudyTopic & { depth: number })[] {
  const out: (StudyTopic & { depth: number })[] = [];
  const visit = (parentId: string, depth: number) => {
    for (const t of topics.filter((x) => x.parentId === parentId)) {
      out.push({ ...t, depth });
      visit(t.id, depth + 1);
    }
  };
  visit('0', 0);
  return out;
}

/** Per tenth of a video, the share (0–100) of the class whose watched ranges cover at least half of that tenth. */
export function tenthsWatched(perStudent: WatchedRange[][], duration: number, classSize: number): number[] {
  return Array.from({ length: 10 }, (_, i) => {
    const from = (duration * i) / 10;
    const to = (duration * (i + 1)) / 10;
    const viewers = perStudent.filter((ranges) => {
      const inside = ranges.map(([s, e]) => [Math.max(s, from), Math.min(e, to)] as WatchedRange);
      return watchedSeconds(inside.filter(([s, e]) => e > s)) * 2 >= to - from;
    }).length;
    return classSize ? Math.floor((viewers * 100) / classSize) : 0;
  });
}

/** `course/progress/export`: the matrix as .xlsx (one row per student, a column per topic), in the caller's language. */
export async function classProgressExport(
  db: Db,
  p: Principal,
  courseId: string,
  classId: string,
  locale: Locale,
): Promise<{ body: Buffer; name: string }> {
  const m = await classProgress(db, p, courseId, classId);
  const t = (key: MessageKey) => translate(locale, key);
  const { row } = await reachableCourse(db, p, courseId);
  const body = await buildWorkbook([
    {
      name: t('study.export.file'),
      header: [
        t('study.export.studentNo'),
        t('study.export.student'),
        t('study.export.course'),
        ...m.topics.map((x) => `${'  '.repeat(x.depth)}${x.name}`),
      ],
      rows: m.students.map((s) => [s.no, s.name, `${s.percent}%`, ...s.topics.map((x) => `${x.percent}%`)]),
    },
  ]);
  return { body, name: `${row.name}-${t('study.export.file')}.xlsx` };
}
