import type {
  Page,
  PracticalAssignBody,
  PracticalAssignment,
  PracticalAttempt,
  PracticalCorrect,
  PracticalDetail,
  PracticalInspection,
  PracticalInspectionForm,
  PracticalPaper,
  PracticalPaperForm,
  PracticalPoint,
  PracticalPointForm,
  PracticalSave,
  PracticalSaveAck,
} from '@shixun/contracts';
import { http, type RequestOptions } from './http.ts';
import { resourceApi } from './resource.ts';
import type { ShareKind } from './share.ts';

const jd = '/api/jd/pc';

/** 实训考核: the tasks a teacher may read (their own, shared with them, published). */
export const practicalPaperApi = {
  ...resourceApi<PracticalPaper, PracticalPaperForm>(`${jd}/practical_paper`),
  /** 引用: a task the caller may read copied as their own private one, with its points and items. */
  quote: (id: string) => http.post<PracticalPaper>(`${jd}/practical_paper/quote`, { id }),
};
/** A task's shares: `practical_paper_permission` by `paperId`. */
export const PRACTICAL_SHARES: ShareKind = { resource: 'practical_paper_permission', targetField: 'paperId' };
/** 考核点 of a task (`paperId`). */
export const practicalPointApi = resourceApi<PracticalPoint, PracticalPointForm>(`${jd}/practical_point`);
/** 检查项 of a point (`pointId`). */
export const practicalInspectionApi = resourceApi<PracticalInspection, PracticalInspectionForm>(
  `${jd}/practical_inspection`,
);

/** 实训安排 (practical_teacher): tasks given to classes, and what a teacher does with them. */
export const practicalAssignmentApi = {
  ...resourceApi<PracticalAssignment, Partial<PracticalAssignBody>>(`${jd}/practical_teacher`),
  /** A task given to classes; answers the assignment (its message says how many students got it). */
  assign: (form: PracticalAssignBody) => http.post<PracticalAssignment>(`${jd}/practical_teacher/add_batch`, form),
  release: (id: string) => http.post<PracticalAssignment>(`${jd}/practical_teacher/release/${id}`),
};

/** Attempts (practical_student): a teacher's record sheet of an assignment (`practicalTeacherId`), a student's own. */
export const practicalAttemptApi = {
  ...resourceApi<PracticalAttempt, never>(`${jd}/practical_student`),
  /** 我的实训. */
  mine: (query: Record<string, string | number> = {}) =>
    http.get<Page<PracticalAttempt>>(`${jd}/practical_student/mine`, { size: 100, ...query }),
};

/** The workbench: the task and the records, autosave and hand-in, the teacher's correction. */
export const workbenchApi = {
  detail: (paperId: string, practicalStudentId: string) =>
    http.get<PracticalDetail>(`${jd}/practical_student/paper_detail`, { paperId, practicalStudentId }),
  /** Acknowledged only once committed; an older `seq` never overwrites a newer one. `final` hands the record in. */
  save: (body: PracticalSave, options?: RequestOptions) =>
    http.post<PracticalSaveAck>(`${jd}/practical_student/submit_paper_answer`, body, options),
  /** Re-measures, points given or adjusted, sign-off; answers the page as it now is. */
  correct: (body: PracticalCorrect) =>
    http.post<PracticalDetail>(`${jd}/practical_student/teacher_correct_paper`, body),
};
