import type {
  AnswerSave,
  AnswerValue,
  AssignBody,
  Assignment,
  AssignmentResults,
  Attempt,
  AttemptReview,
  CorrectForm,
  ExamPaper,
  MarkingAnswerPage,
  MarkingQuestion,
  MyAssignment,
  Page,
  PracticeFeedback,
  RegradeForm,
  RegradeResult,
  ResultStudent,
  ResultStudentsQuery,
  SaveAck,
  WrongbookEntry,
  WrongbookPractice,
} from '@shixun/contracts';
import { http, type RequestOptions } from './http.ts';
import { resourceApi } from './resource.ts';

const jd = '/api/jd/pc';

/** 考试安排 (paper_teacher): list/detail/submit/remove, and what a teacher does with an assignment. */
export const assignmentApi = {
  ...resourceApi<Assignment, Partial<AssignBody>>(`${jd}/paper_teacher`, 'page'),
  /** A paper given to classes; answers the new assignment (its message says how many students got it). */
  assign: (form: AssignBody) => http.post<Assignment>(`${jd}/paper_teacher/add_batch`, form),
  release: (id: string) => http.post<Assignment>(`${jd}/paper_teacher/release/${id}`),
  /** Extra minutes for an attempt, or a reopened window (`until`) for a student who has not started. */
  exception: (body: {
    paperStudentId: string;
    kind: 'extend' | 'reopen';
    minutes?: number;
    until?: string;
    reason: string;
  }) => http.post<{ id: string }>(`${jd}/paper_teacher/exception`, body),
  /** 收卷: attempts in progress submitted now from their saved answers. */
  forceSubmit: (ids: string[], reason: string) =>
    http.post<{ count: number }>(`${jd}/paper_teacher/force_submit`, { ids, reason }),
  /** 成绩分析: statistics, distribution, classes, item analysis and knowledge points. */
  results: (id: string, options?: RequestOptions) =>
    http.get<AssignmentResults>(`${jd}/paper_teacher/results/${id}`, undefined, options),
  /** A page of the ranked students, filtered and sorted by the server. */
  resultStudents: (id: string, query: Partial<ResultStudentsQuery>) =>
    http.get<Page<ResultStudent>>(`${jd}/paper_teacher/results/${id}/students`, query),
  /** The results as an .xlsx download. */
  exportResults: (id: string) => http.download(`${jd}/paper_teacher/results/${id}/export`),
};

/** Attempts (paper_student): a teacher's live progress list of an assignment (`paperTeacherId`), a student's own. */
export const attemptApi = {
  ...resourceApi<Attempt, never>(`${jd}/paper_student`, 'page'),
  /** 我的考试: the caller's assignments with their latest attempt. */
  mine: () => http.get<MyAssignment[]>(`${jd}/paper_student/my`),
  /** Another attempt (practice, or attempts left); answers its id. */
  retry: (assignmentId: string) => http.post<{ id: string }>(`${jd}/paper_student/retry/${assignmentId}`),
  /** An integrity signal, recorded for the teacher. */
  event: (paperStudentId: string, kind: 'left_page' | 'left_fullscreen', options?: RequestOptions) =>
    http.post<null>(`${jd}/paper_student/event`, { paperStudentId, kind }, options),
};

/** Taking an attempt: the paper, autosave, submission, practice feedback, and the review once released. */
export const takeApi = {
  /** The student's own paper (started now when it was not). */
  paper: (paperStudentId: string) => http.get<ExamPaper>(`${jd}/paper_student_question/exam_paper`, { paperStudentId }),
  /** Starts an attempt with the assignment's access password (a wrong one is refused: shown in the dialog, quiet). */
  start: (paperStudentId: string, password: string) =>
    http.post<ExamPaper>(`${jd}/paper_student_question/start`, { paperStudentId, password }, { quiet: true }),
  /** Acknowledged only once committed; an older `seq` never overwrites a newer one. */
  save: (paperStudentId: string, answers: AnswerSave[], options?: RequestOptions) =>
    http.post<SaveAck>(`${jd}/paper_student_question/save_answers`, { paperStudentId, answers }, options),
  /** The last answers and the submission, in one transaction; answers the assignment as 我的考试 lists it. */
  submit: (paperStudentId: string, answers: AnswerSave[], options?: RequestOptions) =>
    http.post<MyAssignment>(`${jd}/paper_student_question/submit_exam`, { paperStudentId, answers }, options),
  /** Practice only: whether the saved answer to a question is right, with the key and analysis. */
  check: (paperStudentId: string, questionId: string) =>
    http.post<PracticeFeedback>(`${jd}/paper_student_question/check`, { paperStudentId, questionId }),
  /** An attempt with answers and marks: to its teacher always, to its student once released (per review policy). */
  review: (paperStudentId: string) =>
    http.get<AttemptReview>(`${jd}/paper_student_question/review`, { paperStudentId }),
};

/** 阅卷. */
export const markingApi = {
  /** The assignment's questions in paper order with their marking progress. */
  questions: (paperTeacherId: string) =>
    http.get<MarkingQuestion[]>(`${jd}/paper_teacher_question/marking`, { paperTeacherId }),
  /**
   * A page of the submitted answers to one question (those awaiting marking first); `since` (the first page's) keeps
   * the pages of one pass in place while their answers are marked.
   */
  answers: (paperTeacherQuestionId: string, page: { current: number; size: number; since?: string }) =>
    http.get<MarkingAnswerPage>(`${jd}/paper_student_question/answers`, { paperTeacherQuestionId, ...page }),
  /** A corrected key for an objective question: a preview of the changes, or (`apply: 1`) the re-grading. */
  regrade: (form: RegradeForm) => http.post<RegradeResult>(`${jd}/paper_teacher_question/regrade`, form),
  /** Marks (each at most the question's score) with comments; answers how many were saved. */
  correct: (marks: CorrectForm['marks']) =>
    http.post<{ count: number }>(`${jd}/paper_student_question/submit_correct`, { marks }),
};

/** 错题本. */
export const wrongbookApi = {
  ...resourceApi<WrongbookEntry, { state: 'active' | 'mastered' }>('/api/exam/pc/wrongbook', 'page'),
  practice: (id: string) => http.get<WrongbookPractice>('/api/exam/pc/wrongbook/practice', { id }),
  check: (id: string, answer: AnswerValue) =>
    http.post<PracticeFeedback>('/api/exam/pc/wrongbook/check', { id, answer }),
};
