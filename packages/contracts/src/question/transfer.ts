import { z } from 'zod';
import { idSchema } from '../common.ts';
import type { QuestionDraft } from './question.ts';

/** Questions (children included) one import file may hold. */
export const IMPORT_MAX_QUESTIONS = 10_000;
/**
 * Confirming saves up to this many questions at once; more are saved in the background, part by part, with progress
 * (`import-progress`).
 */
export const IMPORT_SAVED_AT_ONCE = 2_000;

/** `POST /api/exam/pc/question/import?libId=&confirm=`: preview first (confirm 0); confirm 1 saves a clean file. */
export const importQuestionsQuerySchema = z.object({
  libId: idSchema,
  confirm: z.enum(['0', '1']).optional(),
});

/** One question of an import preview, with its own problems in the caller's language. */
export interface PreviewQuestion extends Omit<QuestionDraft, 'children'> {
  /** Where it is in the file: 第 3 行 / Row 3, 第 12 题 / Question 12. */
  label: string;
  problems: string[];
  children: PreviewQuestion[];
  /** A top-level question: the plan keeps it for saving (not skipped). */
  kept?: boolean;
  /** A top-level question the preview can put right (importFixSchema): not a composite one. */
  fixable?: boolean;
  /** The text of the file it was read from (a Word or text paper's paragraphs, the key excepted). */
  original?: string;
}

/**
 * A flagged question of an import put right in the preview, in the words of the import layout (LAYOUT.md): the
 * type as written (单选题, judge …), the options as plain text, the answer as an `答案：` line would give it (A, ACD,
 * 正确, 北京；上海|沪). Fields left out keep what the file says.
 */
export const importFixSchema = z.object({
  /** The top-level question's place in the preview, from 0. */
  index: z.number().int().min(0).max(IMPORT_MAX_QUESTIONS),
  type: z.string().trim().max(20).optional(),
  options: z.array(z.string().max(2000)).max(8).optional(),
  answer: z.string().max(5000).optional(),
});
export type ImportFix = z.infer<typeof importFixSchema>;

/**
 * How to read an import file and what of it to save: the form field `plan` (JSON) beside the file, sent again with
 * the same file when confirming. `columns`: for a spreadsheet, the column (from 1; 0 = none) each field is read from,
 * overriding the columns found by their headers. `skip`: top-level questions (from 0) not to import.
 */
export const importPlanSchema = z.object({
  columns: z.record(z.string().regex(/^[a-zA-Z]{1,20}$/), z.number().int().min(0).max(500)).optional(),
  skip: z.array(z.number().int().min(0).max(IMPORT_MAX_QUESTIONS)).max(IMPORT_MAX_QUESTIONS).optional(),
  fixes: z.array(importFixSchema).max(2000).optional(),
});
export type ImportPlan = z.infer<typeof importPlanSchema>;

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

/**
 * The fields a spreadsheet column can be read as (ImportPlan `columns`, ImportSheet `columns`): the template's own
 * columns, options A–H, and columns saying whether option A–H is right (选项一是否正确).
 */
export const IMPORT_COLUMN_KEYS = [
  'type',
  'child',
  'stem',
  ...LETTERS.map((l) => `option${l}` as const),
  ...LETTERS.map((l) => `correct${l}` as const),
  'answer',
  'analysis',
  'difficulty',
  'score',
  'knowledge',
  'source',
  'discipline',
  'points',
  'itemScores',
  'blankRules',
  'fileTypes',
  'maxSize',
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMN_KEYS)[number];

/** A spreadsheet column's name as the spreadsheet shows it (from 1): A … Z, AA … */
export function columnName(n: number): string {
  let name = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/**
 * A spreadsheet's columns as the import read them (an .xlsx's first sheet, a .csv), for the teacher to check and
 * change (ImportPlan `columns`) before importing.
 */
export interface ImportSheet {
  /**
   * The header row (from 1): the first of the first 20 rows whose cells name a stem column and another known
   * column (titles and notes above it are skipped); else the first naming a stem column; else the first row of two
   * cells or more. The questions are the rows below it.
   */
  headerRow: number;
  /** Each column's header text, column 1 at index 0 ('' for an empty cell). */
  headers: string[];
  /**
   * The column (from 1) each field was read from (ImportColumnKey → column): found by its header — the product's
   * own (题干, Stem …) or the name other systems give it (题目, 正确答案, 选项一, A是否正确, Question …) — or as the plan
   * chose; a field not read is absent.
   */
  columns: Record<string, number>;
}

export interface ImportPreview {
  /** Top-level questions read. */
  total: number;
  /** Top-level questions the plan keeps for saving. */
  kept: number;
  /** A spreadsheet's columns, to show and adjust before importing. */
  sheet?: ImportSheet;
  /** Questions kept with at least one problem (a composite counts once). */
  errorCount: number;
  questions: PreviewQuestion[];
}

/** What confirming an import answers: how many were saved, or the background import that is saving them. */
export type ImportSaved = { count: number } | { importId: string; total: number };

/** `GET /api/exam/pc/question/import-progress?id=`: a background import's progress. */
export const importProgressQuerySchema = z.object({ id: idSchema });

export interface ImportProgress {
  id: string;
  libId: string;
  /** Questions to save (top-level), and how many are saved. */
  total: number;
  saved: number;
  state: 'saving' | 'done' | 'failed';
  /** Why it failed, in the caller's language (the questions saved stay saved); '' otherwise. */
  error: string;
}

/**
 * What questions are exported as: Excel and Moodle XML (for re-importing, here or into Moodle) or Word. The import
 * template (`import-template`) is written for Excel, and for Word otherwise.
 */
export const EXPORT_FORMATS = ['xlsx', 'docx', 'moodle'] as const;

/** `GET /api/exam/pc/question/export`: a library's questions, or a selection, as Excel or Word. */
export const exportQuestionsQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid' }),
  libId: z.union([z.literal(''), idSchema]).optional(),
  /** Comma-separated question ids; wins over libId. */
  ids: z.string().max(20_000).optional(),
  /** Word: with answers and analysis (default 1); Excel always carries them (it is for re-importing). */
  withAnswers: z.enum(['0', '1']).optional(),
});

/** `GET /api/exam/pc/question/import-template?format=`: the Excel template, or a sample Word file in the layout. */
export const importTemplateQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).optional() });
