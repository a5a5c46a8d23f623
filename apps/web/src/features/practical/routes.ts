/** The workbench of an attempt: `answer` (the student records), `correct` (the teacher checks), `view` (read-only). */
export type WorkbenchMode = 'answer' | 'correct' | 'view';
export const workbenchPath = (paperId: string, attemptId: string, mode: WorkbenchMode) =>
  `/jd/practical/paper_detail/${paperId}/${attemptId}/${mode}`;
/** 成绩分析 of a practical assignment. */
export const resultsPath = (assignmentId: string) => `/practical/results/${assignmentId}`;
export const MY_PRACTICALS_KEY = ['practical_student', 'mine'] as const;
export const WORKBENCH_KEY = 'practical-workbench';
