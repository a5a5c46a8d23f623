import type { ComponentType } from 'react';
import { type LazyPage, lazyPage } from './lazy.ts';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Which page serves a menu path (the `path` of a menu row, as the seed writes it and administrators may reuse): one
 * line per page, each its own chunk. The paths keep the SPEC's words (`/exam/…` is 教务, `/paper/…` the exam
 * centre); the pages live by feature (docs/GLOSSARY.md).
 */
const pages: Record<string, PageModule> = {
  '/authority/api-scope': () => import('../features/system/api-scope.tsx'),
  '/authority/data-scope': () => import('../features/system/data-scope.tsx'),
  '/course/course': () => import('../features/course/course.tsx'),
  '/course/course_sub/index': () => import('../features/course/editor/index.tsx'),
  '/course/library': () => import('../features/course/library/index.tsx'),
  '/course/my': () => import('../features/course/my/index.tsx'),
  '/desk/notice': () => import('../features/desk/notice.tsx'),
  '/exam/clazz': () => import('../features/academic/clazz.tsx'),
  '/exam/flag': () => import('../features/academic/flag.tsx'),
  '/exam/my-class': () => import('../features/academic/my-class.tsx'),
  '/exam/school': () => import('../features/academic/school.tsx'),
  '/exam/schoolyear': () => import('../features/academic/schoolyear.tsx'),
  '/exam/student': () => import('../features/academic/student.tsx'),
  '/exam/teacher': () => import('../features/academic/teacher.tsx'),
  '/exam/term': () => import('../features/academic/term.tsx'),
  '/paper/assignment': () => import('../features/assignment/index.tsx'),
  '/paper/marking': () => import('../features/marking/index.tsx'),
  '/paper/my': () => import('../features/attempt/my.tsx'),
  '/paper/paper': () => import('../features/paper/paper.tsx'),
  '/paper/practice': () => import('../features/attempt/practice.tsx'),
  '/paper/results': () => import('../features/assignment/results/index.tsx'),
  '/paper/wrongbook': () => import('../features/wrongbook/wrongbook.tsx'),
  '/jd/study_online/course_sub': () => import('../features/course/study/index.tsx'),
  '/filejob/assignment': () => import('../features/filejob/assignment.tsx'),
  '/filejob/job': () => import('../features/filejob/job.tsx'),
  '/filejob/my': () => import('../features/filejob/my/index.tsx'),
  '/practical/assignment': () => import('../features/practical/assignment.tsx'),
  '/practical/my': () => import('../features/practical/my.tsx'),
  '/practical/paper': () => import('../features/practical/paper.tsx'),
  '/question/lib': () => import('../features/question/lib.tsx'),
  '/question/question': () => import('../features/question/question.tsx'),
  '/resource/attach': () => import('../features/files/attach.tsx'),
  '/resource/oss': () => import('../features/files/oss.tsx'),
  '/resource/sms': () => import('../features/files/sms.tsx'),
  '/system/client': () => import('../features/system/client.tsx'),
  '/system/dept': () => import('../features/system/dept.tsx'),
  '/system/dict': () => import('../features/system/dict.tsx'),
  '/system/dict-biz': () => import('../features/system/dict-biz.tsx'),
  '/system/menu': () => import('../features/system/menu.tsx'),
  '/system/param': () => import('../features/system/param.tsx'),
  '/system/post': () => import('../features/system/post.tsx'),
  '/system/region': () => import('../features/system/region/index.tsx'),
  '/system/role': () => import('../features/system/role/index.tsx'),
  '/system/social': () => import('../features/system/social.tsx'),
  '/system/tenant': () => import('../features/system/tenant.tsx'),
  '/system/tenant-package': () => import('../features/system/tenant-package.tsx'),
  '/system/topmenu': () => import('../features/system/topmenu.tsx'),
  '/system/user': () => import('../features/user/index.tsx'),
};

const views = new Map<string, LazyPage<ComponentType>>();

export function viewFor(menuPath: string): LazyPage<ComponentType> | undefined {
  const path = menuPath.replace(/\/+$/, '');
  const load = Object.hasOwn(pages, path) ? pages[path] : undefined;
  if (!load) return undefined;
  let view = views.get(path);
  if (!view) {
    view = lazyPage(load);
    views.set(path, view);
  }
  return view;
}
