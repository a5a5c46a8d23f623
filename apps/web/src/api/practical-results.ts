import type { PracticalResults } from '@shixun/contracts';
import { http } from './http.ts';

const jd = '/api/jd/pc';

/** 实训成绩分析: one practical assignment's results, for all its classes or one, and their Excel export. */
export const practicalResultsApi = {
  /** Points, items (histograms, Cp/Cpk) and knowledge points of the handed-in records; `classId` narrows to a class. */
  results: (id: string, classId?: string) =>
    http.get<PracticalResults>(`${jd}/practical_teacher/results/${id}`, { classId }),
  /** The results as an .xlsx download (always every class: the server's export takes no filter). */
  exportResults: (id: string) => http.download(`${jd}/practical_teacher/results/${id}/export`),
};
