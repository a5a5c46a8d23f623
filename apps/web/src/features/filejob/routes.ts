/** 作业安排, opening the assign drawer with a job when given one (from the jobs' page). */
export const assignmentsPath = (jobId?: string) => `/filejob/assignment${jobId ? `?jobId=${jobId}` : ''}`;
export const FILEJOB_ASSIGNMENT_KEY = 'filejob_teacher';
export const FILEJOB_RECORDS_KEY = 'filejob_student';
