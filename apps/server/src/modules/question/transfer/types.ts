import type { MessageKey, QuestionDraft } from '@shixun/contracts';
import type { BuildOptions, RawQuestion } from './fields.ts';

/**
 * What is wrong with one question of an import. A composite question's list also holds its children's problems;
 * those carry `child` (1-based, see `question.import.child`) and, from Excel, the child's `row`.
 */
export interface ImportProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** One question of an import file (a composite with its children), with where it is and what is wrong with it. */
export interface ParsedQuestion {
  /** `question.import.row` {row} for Excel, `question.import.item` {n} for Word. */
  label: { key: MessageKey; params: Record<string, number> };
  draft: QuestionDraft;
  problems: ImportProblem[];
  /** The text of the file it was read from (a Word or text paper's paragraphs), for the teacher to compare. */
  original?: string;
  /** What it was built from (fields.ts buildQuestion), to build it again with a teacher's fix (import-fixes.ts). */
  rebuild?: { raw: RawQuestion; options: BuildOptions };
}

/** Where pictures found in an import go: stores the bytes and answers the URL to put in `<img src>`. */
export interface PictureSink {
  save(bytes: Buffer, contentType: string, name: string): Promise<string>;
}
