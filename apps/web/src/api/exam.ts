import type {
  ClassBindInfo,
  Clazz,
  ClazzForm,
  Flag,
  FlagBeforeAdd,
  FlagFamily,
  FlagForm,
  FlagKind,
  FlagMove,
  FlagNode,
  ImportIssue,
  MyClass,
  OrgNode,
  PasswordReset,
  School,
  SchoolForm,
  Schoolyear,
  SchoolyearForm,
  Student,
  StudentClassStay,
  StudentForm,
  Teacher,
  TeacherForm,
  Term,
  TermForm,
  UserImportResult,
} from '@shixun/contracts';
import { type DownloadedFile, http, request } from './http.ts';
import { resourceApi } from './resource.ts';

const base = '/api/exam/pc';

export type { ImportIssue };

export const schoolApi = resourceApi<School, SchoolForm>(`${base}/school`);

export const schoolyearApi = {
  ...resourceApi<Schoolyear, SchoolyearForm>(`${base}/schoolyear`, 'page'),
  all: (schoolId?: string) => http.get<Schoolyear[]>(`${base}/schoolyear/all`, { schoolId, isAsc: false }),
};

export const termApi = {
  ...resourceApi<Term, TermForm>(`${base}/term`, 'page'),
  all: (schoolId?: string) => http.get<Term[]>(`${base}/term/all`, { schoolId, isAsc: false }),
};

export const clazzApi = {
  ...resourceApi<Clazz, ClazzForm>(`${base}/clazz`, 'page'),
  /** Schools → grades → classes as the caller may see them (`0` = every school). */
  tree: () => http.get<OrgNode[]>(`${base}/clazz/grades/classes/0`),
  grades: (schoolId?: string) => http.get<OrgNode[]>(`${base}/clazz/grades`, { schoolId }),
};

/** The import's row report arrives as the error's body; the dialog shows it, so no toast. */
const importFile = (path: string, file: File, params: Record<string, string | undefined> = {}) =>
  http.upload<UserImportResult>(`${base}/${path}`, file, params, { quiet: true, timeout: 180_000 });

export const studentApi = {
  ...resourceApi<Student, StudentForm>(`${base}/student`, 'page'),
  resetPassword: (ids: string[]) =>
    http.post<PasswordReset[]>(`${base}/student/reset-password`, undefined, { params: { ids: ids.join(',') } }),
  classes: (id: string) => http.get<StudentClassStay[]>(`${base}/student/classes`, { id }),
  downloadTemplate: () => http.download(`${base}/student/export-template`),
  exportRoster: (filters: Record<string, string | number>) => http.download(`${base}/student/export`, filters),
  importStudents: (file: File, classId?: string) => importFile('student/import', file, { classId }),
  mine: () => http.get<MyClass>(`${base}/student/mine`, undefined, { quiet: true }),
  bindInfo: (code: string) => http.get<ClassBindInfo>(`${base}/student/bind-info`, { code }, { quiet: true }),
  bind: (code: string) => http.post<null>(`${base}/student/bind`, { code }),
};

export const teacherApi = {
  ...resourceApi<Teacher, TeacherForm>(`${base}/teacher`, 'page'),
  orgTree: () => http.get<OrgNode[]>(`${base}/teacher/schools/grades/classes`),
  select: () => http.get<{ id: string; realName: string; account: string }[]>(`${base}/teacher/select`),
  relas: (teacherId: string) => http.get<string[]>(`${base}/teacher/relas/${teacherId}/0`),
  saveRelas: (teacherId: string, selectedRelas: string[]) =>
    request<string[]>(`${base}/teacher/relas/${teacherId}`, { method: 'PUT', data: { teacherId, selectedRelas } }),
  /** The class QR code as a PNG (a student scans it to join the class). */
  qrcode: (classId: string, teacherId?: string) =>
    request<DownloadedFile>(`${base}/teacher/qrcode`, { method: 'POST', data: { classId, teacherId }, file: true }),
  downloadTemplate: () => http.download(`${base}/teacher/export-template`),
  importTeachers: (file: File) => importFile('teacher/import', file),
};

export const flagApi = {
  ...resourceApi<Flag, FlagForm>(`${base}/flag`),
  tree: (kind: FlagKind) => http.get<FlagNode[]>(`${base}/flag/tree/${kind}/0`),
  beforeAdd: (kind: FlagKind, parentId: string, name: string) =>
    http.get<FlagBeforeAdd>(`${base}/flag/beforeadd/${kind}/${parentId}/${encodeURIComponent(name)}`),
  family: (ids: string[]) => http.get<FlagFamily[]>(`${base}/flag/getFamily/${ids.join(',')}`),
  copy: (id: string, parentId: string, deep: boolean) =>
    http.post<FlagNode>(`${base}/flag/copy/${id}/${parentId}/${deep ? 1 : 0}`),
  move: (move: FlagMove) => http.post<null>(`${base}/flag/move`, move),
};
