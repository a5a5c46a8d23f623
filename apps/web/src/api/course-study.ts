import type {
  CoursePractice,
  CourseProgress,
  CourseTopicNode,
  CoursewareProgress,
  Page,
  StudentCourse,
  StudyHeartbeat,
  StudyTopicContent,
} from '@shixun/contracts';
import { apiHeaders, http } from './http.ts';

const jd = '/api/jd/pc';
const BEAT_URL = `${jd}/course_study/heartbeat`;

/** 在线学习: what a student reads and sends while studying the courses of their class. */
export const courseStudyApi = {
  /** 我的课程: the published courses of the caller's classes, with how far they are. */
  courses: (query: { current: number; size: number; name?: string }) =>
    http.get<Page<StudentCourse>>(`${jd}/course/student_course_list`, { ...query }),
  /** The topic tree with the caller's progress and, for a closed topic, why. */
  tree: (courseId: string) => http.get<CourseTopicNode[]>(`${jd}/course_sub/tree`, { courseId }),
  progress: (courseId: string) => http.get<CourseProgress>(`${jd}/course_study/progress`, { courseId }),
  /** An open topic's coursewares and papers (a closed one is refused with why: the page never asks for it). */
  topic: (id: string) => http.get<StudyTopicContent>(`${jd}/course_study/topic`, { id }),
  /** A beat is background bookkeeping: a failed one is retried by the next, so no toast over the video. */
  heartbeat: (beat: StudyHeartbeat) => http.post<CoursewareProgress>(BEAT_URL, beat, { quiet: true }),
  /** The practice attempt of a topic's paper, started or resumed, and the player's page for it. */
  practice: (id: string) => http.post<CoursePractice>(`${jd}/course_paper/practice`, { id }),
};

/**
 * The last beat of a page being left (pagehide): a beacon cannot carry the token header, so a keepalive fetch with
 * the same headers as every call, which the browser finishes after the page is gone. Nobody reads its answer.
 */
export function sendFinalBeat(beat: StudyHeartbeat): void {
  void fetch(BEAT_URL, {
    method: 'POST',
    keepalive: true,
    headers: { ...apiHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(beat),
  }).catch(() => undefined);
}
