import type { PaperType } from '@shixun/contracts';

/** Taking an attempt (`:id` = the attempt, paper_student). */
export const examPath = (attemptId: string) => `/paper/exam/${attemptId}`;
/** An attempt's answers and marks, once released. */
export const reviewPath = (attemptId: string) => `/paper/review/${attemptId}`;
/** Where a student's list of this kind of work is: 练习, or 我的考试 (exams and homework). */
export const listPath = (kind: PaperType | undefined) => (kind === 'practice' ? '/paper/practice' : '/paper/my');

/** 我的考试 / 练习's query: refreshed after a hand-in or a new attempt. */
export const MY_QUERY_KEY = ['paper', 'my'] as const;
export const EXAM_QUERY_KEY = 'paper-exam';

/** The taking permission (作答), which starting, resuming and retrying need. */
export const TAKE_PERMISSION = 'paper_student_question_edit';
/** 查看答卷. */
export const REVIEW_PERMISSION = 'paper_student_view';
