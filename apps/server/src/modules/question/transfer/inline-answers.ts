import type { Token } from './html.ts';

/**
 * What papers write inside a stem or an answer rather than on lines of their own: the answer in the stem's
 * brackets `（ B ）` `（ √ ）`, the score `（2分）`, the answers of the parts `（1）…（2）…`, blanks `____`.
 */

/** A stretch of a text: [start, end). */
export interface Stretch {
  start: number;
  end: number;
}

const BRACKETED = /[（(][\s\u3000]*([A-HＡ-Ｈ]{1,8}|[√×✓✗✔✘]|对|错|正确|错误|T|F)[\s\u3000]*[)）]/g;

/** The last bracket holding option letters or a true/false mark: what it holds and where, brackets excluded. */
export function bracketAnswer(text: string): (Stretch & { value: string }) | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(BRACKETED)) last = m;
  if (!last) return undefined;
  return { start: last.index + 1, end: last.index + last[0].length - 1, value: last[1]! };
}

const SCORE = /[（(]\s*(?:本小?题)?\s*(?:满分|共)?\s*([0-9]+(?:\.[0-9])?)\s*分\s*[)）]/;

/** `（2分）` `（本小题满分12分）` in a stem: the score and where it is written. */
export function stemScore(text: string): (Stretch & { score: string }) | undefined {
  const m = SCORE.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length, score: m[1]! } : undefined;
}

const PART_MARK = /[(（]\s*([0-9]+)\s*[)）]|([①-⑳])/g;
/** What a worked answer may say before its first part: 解：（1）… */
const LEAD = /^[\s\u3000]*(?:[解答]\s*[:：])?[\s\u3000]*/;

/**
 * An answer given part by part: `（1）沉舟侧畔千帆过　（2）江春入旧年`, `①…。②…`, `解：（1）…↵（2）…`. The parts
 * are numbered 1, 2, 3 … in one style; `（n）` starts a part at the start, after white space or a sentence's end.
 * Answers the text of each part, or undefined for fewer than two.
 */
export function partsOf(text: string): Stretch[] | undefined {
  const lead = LEAD.exec(text)![0].length;
  const marks: (Stretch & { style: string })[] = [];
  for (const m of text.matchAll(PART_MARK)) {
    const number = m[1] ? Number(m[1]) : m[2]!.charCodeAt(0) - 0x2460 + 1;
    const style = m[1] ? 'paren' : 'circled';
    const first = marks.length === 0;
    if (first ? m.index !== lead || number !== 1 : number !== marks.length + 1 || style !== marks[0]!.style) continue;
    if (style === 'paren' && !first && !/[\s。；;，,.．]/.test(text[m.index - 1]!)) continue;
    marks.push({ start: m.index, end: m.index + m[0].length, style });
  }
  if (marks.length < 2) return undefined;
  return marks.map((m, i) => ({ start: m.end, end: marks[i + 1]?.start ?? text.length }));
}

/** The blanks of a stem: runs of underscores, underlined spaces, empty brackets `（ ）`. */
export function blankCount(lines: Token[][]): number {
  let count = 0;
  for (const line of lines) {
    let underlined: string | undefined;
    for (const t of line) {
      if (t.kind === 'open' && t.name === 'u') underlined = '';
      else if (t.kind === 'close' && t.name === 'u') {
        if (underlined !== undefined && /^[\s\u3000_]+$/.test(underlined)) count++;
        underlined = undefined;
      } else if (t.kind === 'text') {
        if (underlined !== undefined) underlined += t.text;
        else count += (t.text.match(/_{2,}|[（(][\s\u3000]*[)）]/g) ?? []).length;
      }
    }
  }
  return count;
}

/**
 * A fill-in's answers for `blanks` blanks, blanks separated by `；` as the layout has it: when `；` does not part
 * them into as many answers as blanks, part numbers, `|`, `/` or white space may (`（1）约定　（2）舍弃`, `2|4`,
 * `6/36`, `氢　氧`).
 */
export function blankAnswers(text: string, blanks: number): string {
  const trimmed = text.trim();
  if (blanks < 2 || trimmed.split(/[;；\n]/).filter((b) => b.trim()).length > 1) return text;
  const parts = partsOf(trimmed);
  if (parts?.length === blanks) return parts.map((p) => trimmed.slice(p.start, p.end).trim()).join('；');
  for (const separator of [/\s*[|｜]\s*/, /\s*[/／]\s*/, /[\s\u3000]+/]) {
    const answers = trimmed.split(separator);
    if (answers.length === blanks) return answers.join('；');
  }
  return text;
}
