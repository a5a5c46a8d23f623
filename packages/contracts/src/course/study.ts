// 在线学习: the study heartbeat and the progress a student and a teacher read back.
import { z } from 'zod';
import { idSchema } from '../common.ts';

const whole = (max: number) =>
  z.coerce
    .number({ error: 'study.number.invalid' })
    .int({ error: 'study.number.invalid' })
    .min(0, { error: 'study.number.invalid' })
    .max(max, { error: 'study.number.invalid' });

/** A watched stretch [start, end), start < end: seconds of a video or recording, pages of a document (page 1 = [0, 1)). */
const rangeSchema = z
  .tuple([whole(100_000), whole(100_000)], { error: 'study.range.invalid' })
  .refine(([s, e]) => s < e, { error: 'study.range.invalid' });

/**
 * `POST course_study/heartbeat`, sent by the player every ~15 s and when it stops: what was watched (or read) since the
 * last beat, where it is now, and the courseware's length as the player knows it (`duration` seconds for timed media,
 * `pageCount` for documents; the courseware's own duration wins when the teacher set one).
 */
export const studyHeartbeatSchema = z.object({
  coursewareId: idSchema,
  ranges: z.array(rangeSchema, { error: 'study.range.invalid' }).max(200, { error: 'study.range.tooMany' }).default([]),
  position: whole(100_000).default(0),
  duration: whole(86_400).optional(),
  pageCount: whole(10_000).optional(),
});
export type StudyHeartbeat = z.infer<typeof studyHeartbeatSchema>;

/** A student's standing on one courseware (the heartbeat's answer and a row of the progress). */
export interface CoursewareProgress {
  coursewareId: string;
  /** Units watched or read (seconds or pages), each counted once. */
  watchedSeconds: number;
  /** watched / length, 0–100 whole (100 also once completed by a rule that is not a share). */
  percent: number;
  completed: boolean;
  /** Where to resume. */
  position: number;
}

/** A topic's roll-up: complete when all its coursewares are (a topic without coursewares is complete). */
export interface TopicProgress {
  topicId: string;
  coursewareCount: number;
  completedCount: number;
  percent: number;
  completed: boolean;
}

/** `GET course_study/progress?courseId`: the caller's progress through a course. */
export interface CourseProgress {
  courseId: string;
  percent: number;
  coursewareCount: number;
  completedCount: number;
  topics: TopicProgress[];
  coursewares: CoursewareProgress[];
}

export const courseProgressQuerySchema = z.object({ courseId: idSchema });

/** A courseware as the study page shows it to a student, with their progress. */
export interface StudyCourseware {
  id: string;
  name: string;
  kind: string;
  link: string;
  extension: string;
  originalName: string;
  fileSize: number;
  content: string;
  duration: number;
  completion: { kind: string; value: number };
  version: number;
  progress: CoursewareProgress;
}

/** A paper of the topic to practise (`course_paper/practice {id}` opens it). */
export interface StudyPaper {
  id: string;
  paperId: string;
  paperTitle: string;
  paperType: string;
  totalScore: number;
}

/** `GET course_study/topic?id`: an open topic's coursewares and papers for the student (a locked one: 403). */
export interface StudyTopicContent {
  topicId: string;
  coursewares: StudyCourseware[];
  papers: StudyPaper[];
}

export const studyTopicQuerySchema = z.object({ id: idSchema });

/** `GET course/progress?id&classId` (teachers): a class × topic matrix and where videos lose their viewers. */
export const classProgressQuerySchema = z.object({ id: idSchema, classId: idSchema });

export interface ClassProgress {
  courseId: string;
  classId: string;
  /** Every topic in course order (a chapter before its sections), `depth` 0 for chapters. */
  topics: { id: string; name: string; depth: number }[];
  /** One row per student of the class, by student number; `topics[i]` is the student's standing in `topics[i]`. */
  students: {
    studentId: string;
    no: string;
    name: string;
    percent: number;
    completedCount: number;
    topics: { percent: number; completed: boolean }[];
  }[];
  /** Per timed courseware (video, audio): the share (0–100) of the class that watched each tenth of it (half of it or more). */
  videos: { coursewareId: string; name: string; duration: number; tenths: number[] }[];
}

/** `POST course_paper/practice {id}` (a course paper's id): the practice attempt to open, and the player's page for it. */
export const coursePracticeSchema = z.object({ id: idSchema });
export interface CoursePractice {
  attemptId: string;
  assignmentId: string;
  /** The web's exam player route (`/paper/exam/:attemptId`). */
  path: string;
}
