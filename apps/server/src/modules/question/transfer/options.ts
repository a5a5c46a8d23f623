import { OPTION_LABELS } from '@shixun/contracts';
import { judgeFromText } from './fields.ts';
import { isVisible, lines, plainText, slice, type Token } from './html.ts';

/**
 * Options as papers write them: `A. 北京  B. 上海` on one line or several, separated by spaces, tabs or full-width
 * spaces, marked `A.` `A、` `A．` or `(A)`, packed without spaces (`A.5/6B.2/5C.1/6D.1/5`), or after the stem on
 * its own line (`…的是（ ）A.① B.②`).
 */

/** A line that starts with an option. */
export const OPTION_START = /^(?:[A-HＡ-Ｈ]\s*[.、．]|[(（]\s*[A-HＡ-Ｈ]\s*[)）])/;
const MARK = /[A-HＡ-Ｈ]\s*[.、．]|[(（]\s*[A-HＡ-Ｈ]\s*[)）]/g;
/** In a stem line, only the dotted marks: `图 (A) 和图 (B)` is text. */
const DOTTED_MARK = /[A-HＡ-Ｈ]\s*[.、．]/g;

/** Where an option's mark starts and where its text begins. */
export interface OptionMark {
  start: number;
  end: number;
}

/** The text of each option of a line: from its mark to the next, without the `；` some type between them. */
export function optionTexts(tokens: Token[], marks: OptionMark[]): Token[][][] {
  return marks.map((m, i) => {
    const next = marks[i + 1];
    if (!next) return lines(slice(tokens, m.end));
    const between = plainText(tokens).slice(m.end, next.start);
    return lines(slice(tokens, m.end, m.end + between.replace(/[\s；;，,]+$/, '').length));
  });
}

const letterOf = (mark: string) => OPTION_LABELS.indexOf(/[A-HＡ-Ｈ]/.exec(mark)![0].normalize('NFKC'));

/**
 * The options of a line whose first option starts at `at` (`C. 广州  D. 深圳` goes on from a line before). A
 * letter counts only as the next letter in order (B after A) and after white space, so `A. 见图B、C两处` stays one option; packed options count without white space
 * when at least three follow one another so.
 */
export function optionMarks(text: string, at: number, marks: RegExp = MARK): OptionMark[] {
  const spaced = marksIn(text, at, marks, true);
  if (spaced.length >= 4) return spaced;
  const packed = marksIn(text, at, marks, false);
  return packed.length > spaced.length && packed.length >= 3 ? packed : spaced;
}

function marksIn(text: string, at: number, marks: RegExp, spaced: boolean): OptionMark[] {
  const found: (OptionMark & { letter: number })[] = [];
  for (const m of text.matchAll(marks)) {
    const letter = letterOf(m[0]);
    const previous = found[found.length - 1];
    const before = text[m.index - 1] ?? '';
    const apart = spaced ? /\s/.test(before) : !/[A-Za-z]/.test(before);
    if (previous ? letter === previous.letter + 1 && apart : m.index === at) {
      found.push({ start: m.index, end: m.index + m[0].length, letter });
    }
  }
  return found;
}

/**
 * Options written after the stem on its line: an `A.` after the stem's empty answer bracket (`…的是（ ）A.① B.②`),
 * followed by at least a `B.`; a stem that only mentions `A. yes B. no` keeps them. Undefined when there are none.
 */
export function inlineOptions(text: string): OptionMark[] | undefined {
  for (const m of text.matchAll(/(?<=[（(][\s\u3000]*[)）][\s\u3000。.]*)[AＡ]\s*[.、．]/g)) {
    const marks = optionMarks(text, m.index, DOTTED_MARK);
    if (marks.length >= 2 && text.slice(0, m.index).trim()) return marks;
  }
  return undefined;
}

/** Two options that say true and false (`A.正确 B.错误`, `A.对 B.错`, `A.√ B.×`, `A.T B.F`): their values. */
export function judgeOptions(texts: string[]): ('T' | 'F')[] | undefined {
  if (texts.length !== 2) return undefined;
  const values = texts.map((t) => judgeFromText(t.replace(/[。.]$/, '')));
  const [a, b] = values;
  return a && b && a !== b ? [a, b] : undefined;
}

/** A table whose every cell holds options (`| A．日食 | B．平面镜成像 |`): the options, row by row. */
export function tableOptions(rows: Token[][][]): Token[][][] | undefined {
  const cells = rows.flat().filter(isVisible);
  if (cells.length === 0) return undefined;
  const options: Token[][][] = [];
  for (const cell of cells) {
    const text = plainText(cell);
    const at = text.length - text.trimStart().length;
    if (!OPTION_START.test(text.slice(at))) return undefined;
    options.push(...optionTexts(cell, optionMarks(text, at)));
  }
  return options;
}
