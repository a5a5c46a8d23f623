import { emptyRaw } from '../fields.ts';
import { textToHtml } from '../html.ts';
import type { ParsedQuestion } from '../types.ts';
import { foundQuestions, parsedQuestion } from './questions.ts';

/**
 * Moodle's Aiken format: a choice question as a stem line, its options `A. ` or `A) ` a line each, and
 * `ANSWER: B`. Read leniently, as teachers type it: a stem over several lines, a number before it (`1. `),
 * options `A、` `A．`, a full-width colon, several answer letters (a multiple-choice question).
 */

const OPTION = /^([A-Z])\s*[.．、)）]\s*(.*)$/;
const ANSWER = /^ANSWER\s*[:：]\s*(.*)$/;
/** A number before the stem (`1. ` `12、`), not the start of a decimal (`3.14`). */
const NUMBER = /^\d{1,4}\s*[.．、)）](?!\d)\s*/;

const linesOf = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** Aiken: answer lines, each right after an option line (Word's layout writes `答案：` or `Answer:` instead). */
export function looksLikeAiken(text: string): boolean {
  const lines = linesOf(text);
  const answers = lines.flatMap((l, i) => (ANSWER.test(l) ? [i] : []));
  return answers.length > 0 && answers.every((i) => i > 0 && OPTION.test(lines[i - 1]!));
}

interface Pending {
  stem: string[];
  options: string[];
}

export function readAiken(text: string): ParsedQuestion[] {
  const questions: ParsedQuestion[] = [];
  let q: Pending = { stem: [], options: [] };
  const finish = (answer: string) => {
    if (q.stem.length === 0 && q.options.length === 0 && answer === '') return;
    const raw = emptyRaw();
    // 选择题: single or multiple by the number of answer letters; without options it is flagged, not taken for
    // a short answer.
    raw.type = 'choice';
    raw.stem = textToHtml(q.stem.join('\n').replace(NUMBER, ''));
    raw.options = q.options.map((o) => textToHtml(o));
    raw.answerText = answer;
    questions.push(parsedQuestion(raw, questions.length + 1));
    q = { stem: [], options: [] };
  };
  for (const line of linesOf(text)) {
    const answer = ANSWER.exec(line);
    const option = OPTION.exec(line);
    const expected = String.fromCharCode(65 + q.options.length);
    if (answer) finish(answer[1]!.trim());
    else if (option && q.stem.length > 0 && option[1] === expected) q.options.push(option[2]!);
    else {
      // A stem line after options: the question before had no answer line; it is kept, and flagged for it.
      if (q.options.length) finish('');
      q.stem.push(line);
    }
  }
  finish('');
  return foundQuestions(questions);
}
