import { z } from 'zod';
import { idSchema } from '../common.ts';
import type { QuestionDraft } from './question.ts';

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
}

export interface ImportPreview {
  /** Top-level questions read. */
  total: number;
  /** Questions (children included) with at least one problem. */
  errorCount: number;
  questions: PreviewQuestion[];
}

export const EXPORT_FORMATS = ['xlsx', 'docx'] as const;

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
