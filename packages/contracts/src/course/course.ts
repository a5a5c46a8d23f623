// 课程 (course): a teacher's course — a tree of topics (course_sub) holding coursewares and papers — taught to classes
// with per-class release dates for topics, published to those classes, and shared or put in the public library like
// papers.
import { z } from 'zod';
import { auditSchema, idSchema, type TreeNode } from '../common.ts';
import { switchSchema } from '../paper/paper.ts';
import { disciplineSchema, LIB_ACCESS, shareFields, shareFormFields } from '../question/library.ts';

const isoTime = z.iso.datetime({ offset: true, error: 'course.release.invalid' });

/**
 * A class the course is taught to, with the dates its topics open to that class (`releases`: topic id → ISO time; a
 * topic absent opens with the course). Only classes the teacher is related to may be added.
 */
export const courseClassFormSchema = z.object({
  classId: idSchema,
  releases: z.record(idSchema, isoTime, { error: 'course.release.invalid' }).optional(),
});
export type CourseClassForm = z.infer<typeof courseClassFormSchema>;

export const courseClassSchema = z.object({
  id: z.string(),
  classId: z.string(),
  releases: z.record(z.string(), z.string()),
});
export type CourseClass = z.infer<typeof courseClassSchema>;

/** 课程 add/edit form. Publishing to the classes is its own call (`course/publish`). */
export const courseFormSchema = z.object({
  name: z
    .string({ error: 'course.name.required' })
    .trim()
    .min(1, { error: 'course.name.required' })
    .max(100, { error: 'validation.tooLong' }),
  /** The cover picture's link (an attachment of the tenant), or ''. */
  cover: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
  discipline: disciplineSchema.optional(),
  /** A node of the direction tree (专业方向), or "0". */
  directionId: idSchema.optional(),
  /** Rich text (sanitised on the server). */
  description: z.string().max(100_000, { error: 'validation.tooLong' }).optional(),
  /** 学时. */
  hours: z.coerce
    .number({ error: 'course.hours.invalid' })
    .int({ error: 'course.hours.invalid' })
    .min(0, { error: 'course.hours.invalid' })
    .max(1000, { error: 'course.hours.invalid' })
    .optional(),
  isPublic: switchSchema.optional(),
  classes: z.array(courseClassFormSchema).max(200, { error: 'validation.tooLong' }).optional(),
});
export type CourseForm = z.infer<typeof courseFormSchema>;

export const courseSchema = auditSchema.extend({
  tenantId: z.string(),
  name: z.string(),
  cover: z.string(),
  discipline: z.string(),
  directionId: z.string(),
  directionName: z.string(),
  description: z.string(),
  hours: z.number(),
  /** 1 = students of its classes see it. */
  published: z.number(),
  isPublic: z.number(),
  /** The course this one was quoted from, else "0". */
  sourceId: z.string(),
  classes: z.array(courseClassSchema),
  topicCount: z.number(),
  coursewareCount: z.number(),
  ownerName: z.string(),
  access: z.enum(LIB_ACCESS),
});
export type Course = z.infer<typeof courseSchema>;

/** 课程共享: a course shared with a teacher or a school, to read (and quote) or to edit. */
export const coursePermissionFormSchema = z.object({ courseId: idSchema, ...shareFormFields });
export const coursePermissionSchema = auditSchema.extend({ courseId: z.string(), ...shareFields });

/** `POST course/quote_course`: a course the caller may read copied as their own with its topics, coursewares, papers. */
export const courseQuoteSchema = z.object({
  id: idSchema,
  name: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});
export type CourseQuote = z.infer<typeof courseQuoteSchema>;

/** `POST course/publish`: shown to (1) or hidden from (0) the students of its classes. */
export const coursePublishSchema = z.object({ id: idSchema, published: switchSchema });
export type CoursePublish = z.infer<typeof coursePublishSchema>;

/** A course as a student sees it in 我的课程: what it is, whose, and how far they are. */
export const studentCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  cover: z.string(),
  discipline: z.string(),
  directionName: z.string(),
  description: z.string(),
  hours: z.number(),
  teacherName: z.string(),
  topicCount: z.number(),
  coursewareCount: z.number(),
  /** Coursewares the student completed. */
  completedCount: z.number(),
  /** completedCount / coursewareCount, 0–100, whole. */
  percent: z.number(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

/** `GET course/tree`: the public library's courses by direction (no direction: directionId "0", name ''). */
export interface CourseLibraryGroup {
  directionId: string;
  directionName: string;
  courses: Course[];
}

/** A topic node of `course_sub/tree?courseId` (the factory's node with the topic's own fields). */
export interface CourseTopicNode extends TreeNode {
  name: string;
  sort: number;
  locked: number;
  flagIds: string[];
  coursewareCount: number;
  paperCount: number;
  /**
   * For a student only: set when the topic is closed to them (shown greyed, not hidden) — 'previous': the topic before
   * it (`previousName`) is not complete yet; 'release': it opens to their class at `releaseAt` (ISO). `locked` above
   * stays the teacher's prerequisite switch.
   */
  lockReason?: 'previous' | 'release';
  previousName?: string;
  releaseAt?: string;
  /** For a student only: their progress through the topic and the topics below it. */
  percent?: number;
  completed?: boolean;
  children?: CourseTopicNode[];
}

export const courseTreeQuerySchema = z.object({ courseId: idSchema });
