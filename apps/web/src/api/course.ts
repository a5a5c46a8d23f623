import type {
  Course,
  CourseForm,
  CourseLibraryGroup,
  CoursePaper,
  CoursePaperBatch,
  CoursePaperForm,
  CourseSub,
  CourseSubForm,
  CourseTopicNode,
  Courseware,
  CoursewareFollow,
  CoursewareForm,
  CoursewareVersions,
  NotRelatePageQuery,
  Page,
  Paper,
  QuestionSegment,
} from '@shixun/contracts';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';
import type { ShareKind } from './share.ts';

const jd = '/api/jd/pc';

/** 课程: the courses a teacher may read (their own, shared with them, public), publish, quote, the library tree. */
export const courseApi = {
  ...resourceApi<Course, CourseForm>(`${jd}/course`),
  /** Shown to (1) or hidden from (0) the students of its classes. */
  publish: (id: string, published: 0 | 1) => http.post<Course>(`${jd}/course/publish`, { id, published }),
  /** 引用: a course the caller may read copied as their own (topics, coursewares, papers); answers the copy. */
  quote: (id: string, name?: string) => http.post<Course>(`${jd}/course/quote_course`, { id, name }),
  /** The public library by direction. */
  libraryTree: () => http.get<CourseLibraryGroup[]>(`${jd}/course/tree`),
};
/** A course's shares: `course_permission` by `courseId`. */
export const COURSE_SHARES: ShareKind = { resource: 'course_permission', targetField: 'courseId' };

/** Who may change a course (its form, topics, coursewares, papers): its owner, edit-sharers, administrators. */
export const canChangeCourse = (access: Course['access'] | undefined) =>
  access === 'own' || access === 'edit' || access === 'admin';

/** Query key of a course's topic tree; every topic, courseware and paper change refreshes what is under `course_sub`. */
export const topicTreeKey = (courseId: string) => ['course_sub', 'tree', courseId] as const;

/** 课程知识点: a course's topics, an ordered tree of any depth. */
export const courseSubApi = {
  ...resourceApi<CourseSub, CourseSubForm>(`${jd}/course_sub`),
  tree: (courseId: string) => http.get<CourseTopicNode[]>(`${jd}/course_sub/tree`, { courseId }),
  /** `cascade`: a topic with subtopics goes with them (the server refuses it otherwise). */
  removeCascade: (ids: string[]) =>
    http.post<null>(`${jd}/course_sub/remove`, undefined, { params: { ids: ids.join(','), cascade: 1 } }),
  move: (to: { id: string; parentId: string; index: number }) => http.post<null>(`${jd}/course_sub/move`, to),
  /** One step among its siblings. */
  step: (id: string, direction: 'up' | 'down') => http.post<null>(`${jd}/course_sub/move/${direction}/${id}`),
};

/** 课件: a topic's files, rich texts and links; quoted by reference from the public library, pinned to a version. */
export const coursewareApi = {
  ...resourceApi<Courseware, CoursewareForm>(`${jd}/courseware`),
  /** The public library's coursewares (of public courses), each with how many courses use it. */
  library: (query: Record<string, string | number | undefined>) =>
    http.get<Page<Courseware>>(`${jd}/courseware/publicLib_pages`, query),
  /** A library courseware put last on a topic, pinned to its current version. */
  quote: (id: string, courseSubId: string) => http.post<Courseware>(`${jd}/courseware/quote`, { id, courseSubId }),
  /** The source's versions newer than the pinned one, with what changed. */
  versions: (id: string) => http.get<CoursewareVersions>(`${jd}/courseware/versions`, { id }),
  /** Update to the latest version, or make a local copy (no longer following). */
  follow: (body: CoursewareFollow) => http.post<Courseware>(`${jd}/courseware/follow`, body),
  /** One step up or down its topic (the order students see). */
  step: (id: string, direction: 'up' | 'down') => http.post<null>(`${jd}/courseware/move/${direction}/${id}`),
};

/** The courseware segments that teach the knowledge points of these questions (one call for a whole list). */
export const questionSegments = (questionIds: string[]) =>
  http.get<QuestionSegment[]>(`${jd}/course_study/segments`, { questionIds: questionIds.join(',') });

/** 课程试卷: papers put on a topic for practice. */
export const coursePaperApi = {
  ...resourceApi<CoursePaper, CoursePaperForm>(`${jd}/course_paper`),
  /** Several papers put last on the topic at once (those already there are left); answers how many were added. */
  addBatch: (body: CoursePaperBatch) => http.post<{ added: number }>(`${jd}/course_paper/add_batch`, body),
  /** The papers the caller may read that are not yet on this topic. */
  notRelated: (query: NotRelatePageQuery) => http.get<Page<Paper>>(`${jd}/paper/not_relate_page`, { ...query }),
};
