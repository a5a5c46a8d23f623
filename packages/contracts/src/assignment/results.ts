// 成绩分析: the results of an assignment.
import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../common.ts';
import type { PaperType } from '../paper/paper.ts';
import type { QuestionType } from '../question/question-types.ts';
import type { AttemptState } from './assignment.ts';

/** One student's counted attempt (their best submitted one) in the results. */
export interface ResultStudent {
  paperStudentId: string;
  studentName: string;
  studentNo: string;
  classId: string;
  className: string;
  /** null: did not submit (absent). */
  score: number | null;
  state: AttemptState;
  rank: number | null;
  passed: boolean;
}

/** Classical item analysis of one question (CTT): facility and the upper-minus-lower 27 % discrimination. */
export interface ResultQuestion {
  id: string;
  no: string;
  type: QuestionType;
  score: number;
  stem: string;
  answered: number;
  right: number;
  partial: number;
  wrong: number;
  blank: number;
  /** Mean earned ÷ score, 0–1 (null when nobody submitted). */
  facility: number | null;
  /**
   * Facility in the top 27 % of students minus the bottom 27 %, −1–1 (null under 4 submissions). Students tied at
   * the edge of a group all belong to it.
   */
  discrimination: number | null;
}

/** `GET paper_teacher/results/{id}`: 成绩分析 of an assignment (its students are paged apart: `results/{id}/students`). */
export interface AssignmentResults {
  assignment: {
    id: string;
    title: string;
    kind: PaperType;
    totalScore: number;
    passScore: number;
    state: string;
    /** Blind marking before release: the student table shows answer labels (#3FA2C1), and cannot be searched by name. */
    blind: boolean;
  };
  summary: {
    students: number;
    submitted: number;
    absent: number;
    mean: number | null;
    median: number | null;
    max: number | null;
    min: number | null;
    stdev: number | null;
    /** Students who submitted and reached the pass score. */
    passed: number;
    passRate: number | null;
    /** Answers still awaiting marking: figures may change. */
    toMark: number;
  };
  /** Ten bands of the total score: [0–10 %), … [90–100 %]. */
  distribution: { from: number; to: number; count: number }[];
  byClass: {
    classId: string;
    className: string;
    students: number;
    submitted: number;
    mean: number | null;
    passRate: number | null;
  }[];
  questions: ResultQuestion[];
  /** Mastery (earned ÷ possible) per knowledge point, overall and by class. */
  knowledge: {
    flagId: string;
    name: string;
    mastery: number;
    byClass: { classId: string; mastery: number | null }[];
  }[];
}

/**
 * How a student's line stands: passed or failed once submitted; not submitted = absent (缺考) once the assignment
 * closed, while it is open not started or in progress.
 */
export const RESULT_OUTCOMES = ['passed', 'failed', 'absent', 'notStarted', 'inProgress'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

/** Keys the student table sorts by (`ascs`/`descs`); students without a score stay last either way. */
export const RESULT_STUDENT_SORTS = ['rank', 'score', 'studentNo', 'studentName', 'className'] as const;

/**
 * `GET paper_teacher/results/{id}/students`: the students' lines, paged, filtered by class, outcome (`absent` = every
 * student who has not submitted) and name or number (contains), sorted by rank unless asked otherwise.
 */
export const resultStudentsQuerySchema = pageQuerySchema.extend({
  classId: z.union([z.literal(''), idSchema]).optional(),
  outcome: z.union([z.literal(''), z.enum(RESULT_OUTCOMES, { error: 'validation.invalid' })]).optional(),
  student: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});
export type ResultStudentsQuery = z.infer<typeof resultStudentsQuerySchema>;
