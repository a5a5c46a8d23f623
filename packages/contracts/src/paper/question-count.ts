import type { QuestionType } from '../question/question-types.ts';

/**
 * The one rule for "how many questions" a paper has, wherever a number is shown (the paper editor, 我的考试, the
 * exam's header, answer card and pager): what a student answers on the page. A composite is not answered itself —
 * its parts are, so it counts as its parts; practical work is done on site, not on the page, so it does not count.
 */
export const isAnswerable = (type: QuestionType) => type !== 'composite' && type !== 'practical';

interface Counted {
  type: QuestionType;
  children: readonly Counted[];
}

/** The answerable questions among these (a composite's parts counted, at any depth). */
export function countAnswerable(questions: readonly Counted[]): number {
  let n = 0;
  for (const q of questions) n += q.type === 'composite' ? countAnswerable(q.children) : isAnswerable(q.type) ? 1 : 0;
  return n;
}

interface CountedSection {
  questions: readonly Counted[];
  children?: readonly CountedSection[];
}

/** The answerable questions of sections (and their sub-sections). */
export function countPaperQuestions(sections: readonly CountedSection[]): number {
  let n = 0;
  for (const s of sections) n += countAnswerable(s.questions) + countPaperQuestions(s.children ?? []);
  return n;
}
