import { type ExamQuestion, type ExamSection, isAnswerable, isAnswered } from '@shixun/contracts';
import type { JournalEntry } from './journal.ts';

/** Questions answered on the page (the contracts' one rule, which every count of a paper follows). */
export const ANSWERABLE = isAnswerable;

/** A question the student answers: where it sits and how the answer sheet names it. */
export interface Leaf {
  question: ExamQuestion;
  /** `3`, or `5(2)` for the second child of question 5. */
  label: string;
  sectionId: string;
  /** Its top-level question's position in the paper (what one-per-screen mode shows). */
  top: number;
}

/** A top-level question of the paper with its section (one-per-screen mode shows one at a time). */
export interface TopQuestion {
  question: ExamQuestion;
  section: ExamSection;
}

/** The paper's top-level questions in order, each with its section. */
export function topQuestions(sections: ExamSection[]): TopQuestion[] {
  return sections.flatMap((section) => section.questions.map((question) => ({ question, section })));
}

/** Every question the student can answer, in paper order (composites give their children). */
export function leaves(sections: ExamSection[]): Leaf[] {
  const out: Leaf[] = [];
  topQuestions(sections).forEach(({ question, section }, top) => {
    if (question.type === 'composite') {
      for (const child of question.children)
        if (ANSWERABLE(child.type))
          out.push({ question: child, label: `${question.no}${child.no}`, sectionId: section.id, top });
    } else if (ANSWERABLE(question.type)) {
      out.push({ question, label: question.no, sectionId: section.id, top });
    }
  });
  return out;
}

/**
 * Where a page of one-per-screen mode sits among the answerable questions, 1-based: `{ from: 6, to: 7 }` for a
 * composite with two parts, so the pager counts as the answer sheet and the header do (null: nothing to answer).
 */
export function pageRange(all: Leaf[], top: number): { from: number; to: number } | null {
  const first = all.findIndex((l) => l.top === top);
  if (first < 0) return null;
  let last = first;
  while (all[last + 1]?.top === top) last++;
  return { from: first + 1, to: last + 1 };
}

/** The answer sheet's summary: which questions are answered, unanswered and flagged. */
export function progress(
  all: Leaf[],
  entries: ReadonlyMap<string, JournalEntry>,
): { answered: Leaf[]; unanswered: Leaf[]; flagged: Leaf[] } {
  const answered: Leaf[] = [];
  const unanswered: Leaf[] = [];
  const flagged: Leaf[] = [];
  for (const leaf of all) {
    const entry = entries.get(leaf.question.id);
    (isAnswered(entry?.answer) ? answered : unanswered).push(leaf);
    if (entry?.flagged) flagged.push(leaf);
  }
  return { answered, unanswered, flagged };
}

/** Which option a key picks in one-per-screen mode: 1–8 or A–H; judge questions take 1/A (true) and 2/B (false). */
export function optionForKey(question: ExamQuestion, key: string): string | undefined {
  const k = key.toUpperCase();
  const index = /^[1-8]$/.test(k) ? Number(k) - 1 : /^[A-H]$/.test(k) ? k.charCodeAt(0) - 65 : -1;
  if (index < 0) return undefined;
  if (question.type === 'judge') return index === 0 ? 'T' : index === 1 ? 'F' : undefined;
  if (question.type === 'single' || question.type === 'multiple') return question.items[index]?.id;
  return undefined;
}

/** The answer after a key picked `option`: a single choice or judge takes it, a multiple choice toggles it. */
export function pickOption(question: ExamQuestion, current: unknown, option: string): string | string[] {
  if (question.type !== 'multiple') return option;
  const list = Array.isArray(current) ? (current as string[]) : [];
  const next = list.includes(option) ? list.filter((o) => o !== option) : [...list, option];
  // In the order the options are shown, as the checkboxes give it.
  const order = question.items.map((i) => i.id);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** A stored file link's name for the list: the last part of its path. */
export function fileName(link: string): string {
  const path = link.split(/[?#]/)[0] ?? link;
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || link;
  } catch {
    return last || link;
  }
}
