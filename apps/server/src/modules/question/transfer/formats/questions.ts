import { IMPORT_MAX_QUESTIONS } from '@shixun/contracts';
import { badRequest } from '../../../../core/http/errors.ts';
import { type BuildOptions, buildQuestion, type RawQuestion } from '../fields.ts';
import type { ImportProblem, ParsedQuestion } from '../types.ts';

/**
 * What the readers of the other formats (Moodle XML, GIFT, Aiken, text) share with Word and Excel: each question
 * built by fields.ts from what the file says, so it has the same problems; a file of none, or too many, refused.
 */

/**
 * The `n`th question of a file (`第 n 题`), built from what it says; `problems` are what the format's reader found
 * beyond the shared rules (a question type it cannot import).
 */
export function parsedQuestion(
  raw: RawQuestion,
  n: number,
  options: BuildOptions = {},
  problems: ImportProblem[] = [],
): ParsedQuestion {
  const built = buildQuestion(raw, options);
  return {
    label: { key: 'question.import.item', params: { n } },
    draft: built.draft,
    problems: [...problems, ...built.problems],
    rebuild: { raw, options },
  };
}

/** The questions of a file, refused (400) as Word's are when there are none or more than an import takes. */
export function foundQuestions(questions: ParsedQuestion[]): ParsedQuestion[] {
  if (questions.length === 0) throw badRequest('question.import.empty');
  const count = questions.reduce((n, q) => n + 1 + q.draft.children.length, 0);
  if (count > IMPORT_MAX_QUESTIONS) throw badRequest('question.import.tooMany', { max: IMPORT_MAX_QUESTIONS });
  return questions;
}
