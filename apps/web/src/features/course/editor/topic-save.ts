import type { Course, CourseClassForm, CourseForm, CourseSubForm } from '@shixun/contracts';
import { courseApi, courseSubApi } from '../../../api/course.ts';
import { classesForm } from '../ClassesField.tsx';

/** A topic saved with one change: its other fields are sent as stored (a rename changes the name only, and so on). */
export async function updateTopic(id: string, change: Partial<Pick<CourseSubForm, 'name' | 'locked'>>) {
  const d = await courseSubApi.detail(id);
  await courseSubApi.submit({
    id: d.id,
    courseId: d.courseId,
    parentId: d.parentId,
    name: d.name,
    remark: d.remark,
    flagIds: d.flagIds,
    locked: d.locked as 0 | 1,
    sort: d.sort,
    ...change,
  });
}

/**
 * The course's classes with one topic's release date per class set (an ISO time) or taken away (undefined); dates of
 * topics no longer in the course (`liveTopicIds`) are dropped, since the server refuses them.
 */
export function withReleases(
  classes: Course['classes'],
  topicId: string,
  dates: Record<string, string | undefined>,
  liveTopicIds: ReadonlySet<string>,
): CourseClassForm[] {
  return classesForm(classes).map((c) => {
    const releases = Object.fromEntries(
      Object.entries(c.releases ?? {}).filter(([id]) => id !== topicId && liveTopicIds.has(id)),
    );
    const date = dates[c.classId];
    if (date) releases[topicId] = date;
    return { classId: c.classId, releases };
  });
}

/** One topic's release dates saved through the course's form: the course is sent as stored with its classes changed. */
export async function saveReleases(
  courseId: string,
  topicId: string,
  dates: Record<string, string | undefined>,
  liveTopicIds: ReadonlySet<string>,
) {
  const c = await courseApi.detail(courseId);
  await courseApi.submit({
    id: c.id,
    name: c.name,
    cover: c.cover,
    discipline: c.discipline as CourseForm['discipline'],
    directionId: c.directionId,
    description: c.description,
    hours: c.hours,
    isPublic: c.isPublic as 0 | 1,
    classes: withReleases(c.classes, topicId, dates, liveTopicIds),
  });
}
