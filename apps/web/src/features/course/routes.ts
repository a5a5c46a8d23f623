/** The course editor (SPEC §2's route) for one course. */
export const editorPath = (courseId: string) => `/course/course_sub/index?courseId=${courseId}`;
/** The course list's page. */
export const COURSES_PATH = '/course/course';
/** The study page (在线学习) of one course; `topicId`, `coursewareId` and `t` (seconds, or a page) open a place in it. */
export const studyPath = (
  courseId: string,
  at?: { topicId?: string | undefined; coursewareId?: string | undefined; t?: number | undefined },
) => {
  const q = new URLSearchParams({ courseId });
  if (at?.topicId) q.set('topicId', at.topicId);
  if (at?.coursewareId) q.set('coursewareId', at.coursewareId);
  if (at?.t !== undefined) q.set('t', String(at.t));
  return `/jd/study_online/course_sub?${q.toString()}`;
};
/** 我的课程. */
export const MY_COURSES_PATH = '/course/my';
