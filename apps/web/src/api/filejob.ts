import type {
  Filejob,
  FilejobAssignment,
  FilejobAssignmentBody,
  FilejobClass,
  FilejobExtension,
  FilejobForm,
  FilejobMark,
  FilejobReceipt,
  FilejobStudent,
  Page,
} from '@shixun/contracts';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';
import type { ShareKind } from './share.ts';

const jd = '/api/jd/pc';

/** 文件作业: the jobs a teacher may read (their own, shared with them, published). */
export const filejobApi = {
  ...resourceApi<Filejob, FilejobForm>(`${jd}/filejob`),
  /** 引用: a job the caller may read copied as their own private one. */
  quote: (id: string) => http.post<Filejob>(`${jd}/filejob/quote`, { id }),
};
/** A job's shares: `filejob_permission` by `jobId`. */
export const FILEJOB_SHARES: ShareKind = { resource: 'filejob_permission', targetField: 'jobId' };

/** 作业安排 (filejob_teacher): jobs given to classes; `submit` without an id assigns, with one changes settings. */
export const filejobAssignmentApi = {
  ...resourceApi<FilejobAssignment, Partial<FilejobAssignmentBody>>(`${jd}/filejob_teacher`),
  /** A job given to classes (`submit` without an id); answers the assignment with how many students got it. */
  assign: (body: FilejobAssignmentBody) => http.post<FilejobAssignment>(`${jd}/filejob_teacher/submit`, body),
  /** The assignment's classes (or one), each with every student's state. */
  classes: (id: string, classId?: string) =>
    http.get<FilejobClass[]>(`${jd}/filejob_teacher/class_list`, { id, ...(classId ? { classId } : {}) }),
  /** One student's own deadline (`until` null takes it back), with the reason. */
  extend: (body: Omit<FilejobExtension, 'until'> & { until: string | null }) =>
    http.post<FilejobStudent>(`${jd}/filejob_teacher/extension`, body),
  release: (id: string) => http.post<FilejobAssignment>(`${jd}/filejob_teacher/release/${id}`),
  /** A class's hand-ins as one zip, each student's files in a folder named by their student number. */
  zip: (id: string, classId: string) => http.download(`${jd}/filejob_teacher/zip`, { id, classId }),
};

/** Records (filejob_student): a teacher's view of an assignment's (`filejobTeacherId`), a student's own (`mine`). */
export const filejobRecordApi = {
  ...resourceApi<FilejobStudent, never>(`${jd}/filejob_student`),
  /** 我的作业. */
  mine: (query: Record<string, string | number> = {}) =>
    http.get<Page<FilejobStudent>>(`${jd}/filejob_student/mine`, { size: 100, ...query }),
  /** The hand-in: files uploaded before (by attachment id); answers the record with its receipt. */
  handIn: (id: string, attachIds: string[]) =>
    http.post<FilejobStudent>(`${jd}/filejob_student/submit`, {
      id,
      files: attachIds.map((attachId) => ({ attachId })),
    }),
  /** A hand-in's receipt again (a replaced one too). */
  receipt: (handinId: string) => http.get<FilejobReceipt>(`${jd}/filejob_student/receipt`, { handinId }),
  /** The teacher's feedback: score, comment, a returned file, notes over the pages. */
  mark: (body: FilejobMark) => http.post<FilejobStudent>(`${jd}/filejob_student/mark`, body),
};
