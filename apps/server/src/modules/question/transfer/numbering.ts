/**
 * How papers number their questions and the parts of a question: `1.` `1、` `1．` `第6题` for questions, `（1）` and
 * `①` for parts (or for questions, in papers numbered so), `A` or `（一）` for the passages of a reading section.
 */

/** number: 1. 1、 第1题 · paren: （1） (1) · circled: ① */
export type NumberStyle = 'number' | 'paren' | 'circled';

export interface Numbered {
  number: number;
  /** The characters the number takes, with the white space after it. */
  length: number;
  style: NumberStyle;
}

/** `1.` `1、` `1．`: the number ends at its mark, so `8．0既不是正数` is question 8 about 0. */
const MARKED = /^([0-9０-９]+)\s*(?:[、．]|\.(?![0-9０-９]))\s*/;
/** `2.2024年` — or `3.14是…`, a decimal: told apart by the number the next question is due to have. */
const DOT_BEFORE_DIGIT = /^([0-9０-９]+)\s*\.\s*(?=[0-9０-９])/;
const DI = /^第\s*([0-9０-９]+)\s*题\s*[.、．:：]?\s*/;
const PAREN = /^[(（]\s*([0-9０-９]+)\s*[)）]\s*/;
const CIRCLED = /^([①-⑳])\s*/;
/** Numbering as it looks once Word's list formatting is gone or typed carelessly: `2 题干`, `2)题干`. */
const LOOSE = /^([0-9０-９]+)(?:\s*[)）]|\s+)\s*/;

const toNumber = (digits: string) => Number(digits.normalize('NFKC'));

function numbered(m: RegExpExecArray, style: NumberStyle): Numbered {
  const number = style === 'circled' ? m[1]!.charCodeAt(0) - 0x2460 + 1 : toNumber(m[1]!);
  return { number, length: m[0].length, style };
}

/** The number a question's line starts with; `due`: the number the next question would have. */
export function questionNumber(text: string, due: number): Numbered | undefined {
  const m = MARKED.exec(text) ?? DI.exec(text);
  if (m) return numbered(m, 'number');
  const d = DOT_BEFORE_DIGIT.exec(text);
  return d && toNumber(d[1]!) === due ? numbered(d, 'number') : undefined;
}

/** `（1）` or `①` starting a line. */
export function partNumber(text: string): Numbered | undefined {
  const paren = PAREN.exec(text);
  if (paren) return numbered(paren, 'paren');
  const circled = CIRCLED.exec(text);
  return circled ? numbered(circled, 'circled') : undefined;
}

export function looseNumber(text: string): Numbered | undefined {
  const m = LOOSE.exec(text);
  return m ? numbered(m, 'number') : undefined;
}

/**
 * The label of a passage or a part of a section: a line that is only `A` (`Passage B`, `Text Two`, `(A)`), or
 * `（一）` before the passage's instructions or the part's title. Answers how much of the line the label takes.
 */
export function passageLabel(line: string): number | undefined {
  const lone = /^(?:(?:Passage|Text)\s+(?:[A-F1-9]|One|Two|Three|Four|Five|Six)|[A-F]|[(（][A-F][)）])$/i.exec(line);
  if (lone) return lone[0].length;
  return /^[(（]\s*[一二三四五六七八九十]+\s*[)）]\s*/.exec(line)?.[0].length;
}

/** `阅读下面的文字，完成5～6题。`: the last question that belongs to the passage. */
export function lastQuestionOf(instructions: string): number | undefined {
  const m = /(?:完成|回答)\s*第?\s*[0-9]+\s*[～~—–\-－至到]\s*([0-9]+)\s*(?:小)?题/.exec(instructions);
  return m ? Number(m[1]) : undefined;
}
