import type { ClassProgress } from '@shixun/contracts';
import { http } from './http.ts';

const jd = '/api/jd/pc';

/** A teacher's view of how one class studies a course: the class × topic matrix and where videos lose viewers. */
export const courseProgressApi = {
  /** `course/progress?id&classId`: the course must be taught to the class (else 400). */
  classProgress: (id: string, classId: string) => http.get<ClassProgress>(`${jd}/course/progress`, { id, classId }),
  /** The same matrix as .xlsx, handed to the browser as a download under the server's name. */
  exportExcel: (id: string, classId: string) => http.download(`${jd}/course/progress/export`, { id, classId }),
};

/** Query key of one class's progress in one course. */
export const classProgressKey = (courseId: string, classId: string) =>
  ['course', 'progress', courseId, classId] as const;
