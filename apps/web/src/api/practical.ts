import type {
  PracticalInspection,
  PracticalInspectionForm,
  PracticalPaper,
  PracticalPaperForm,
  PracticalPoint,
  PracticalPointForm,
} from '@shixun/contracts';
import { resourceApi } from './resource.ts';
import type { ShareKind } from './share.ts';

const jd = '/api/jd/pc';

/** 实训考核: the tasks a teacher may read (their own, shared with them, published). */
export const practicalPaperApi = resourceApi<PracticalPaper, PracticalPaperForm>(`${jd}/practical_paper`);
/** A task's shares: `practical_paper_permission` by `paperId`. */
export const PRACTICAL_SHARES: ShareKind = { resource: 'practical_paper_permission', targetField: 'paperId' };
/** 考核点 of a task (`paperId`). */
export const practicalPointApi = resourceApi<PracticalPoint, PracticalPointForm>(`${jd}/practical_point`);
/** 检查项 of a point (`pointId`). */
export const practicalInspectionApi = resourceApi<PracticalInspection, PracticalInspectionForm>(
  `${jd}/practical_inspection`,
);
