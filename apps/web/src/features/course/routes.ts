/** The course editor (SPEC §2's route) for one course. */
export const editorPath = (courseId: string) => `/course/course_sub/index?courseId=${courseId}`;
/** The course list's page. */
export const COURSES_PATH = '/course/course';
