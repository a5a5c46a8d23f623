import type { Course, Filejob, Page, Paper, QuestionLib } from '@shixun/contracts';
import type { ListQuery } from '../components/CrudPage/types.ts';
import { http } from './http.ts';

const jd = '/api/jd/pc';

/**
 * 公共资源库: the published courses, papers, file jobs and question libraries of
 * the school, each through its own list call (the same filters as its manage page: `name` or `title`, and for
 * courses `directionId`). Coursewares: `coursewareApi.library`.
 */
export const libraryApi = {
  courses: (query: ListQuery) => http.get<Page<Course>>(`${jd}/course/publicLib_pages`, { ...query }),
  papers: (query: ListQuery) => http.get<Page<Paper>>(`${jd}/paper/publicLib_page`, { ...query }),
  filejobs: (query: ListQuery) => http.get<Page<Filejob>>(`${jd}/filejob/publicLib_pages`, { ...query }),
  /** Question libraries have no list of their own for the library: the readable ones that are published. */
  questionLibs: (query: ListQuery) => http.get<Page<QuestionLib>>(`${jd}/question_lib/list`, { ...query, isPublic: 1 }),
};
