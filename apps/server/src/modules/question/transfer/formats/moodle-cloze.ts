import { decodeEntities } from '../html.ts';

/**
 * Moodle's cloze (embedded answers) question: its text holds the answers, `{1:SHORTANSWER:=北京~=京}` or
 * `{2:MC:~上海#错=北京}`. Each is read as a blank of a fill-in question, where it stood: a short answer with its
 * accepted answers, an exact number, a drop-down choice with its right option. Several right responses
 * (MULTIRESPONSE) and numbers with a tolerance are no blank: named, the question is flagged.
 */

export interface ClozeBlank {
  /** Accepted answers, as plain text. */
  answers: string[];
  caseSensitive: boolean;
}

export interface Cloze {
  /** The text, each embedded answer replaced by `____`. */
  html: string;
  blanks: ClozeBlank[];
  /** The embedded answers no blank can hold (`MULTIRESPONSE`, `NUMERICAL ±`). */
  unsupported: string[];
}

/**
 * `{weight:TYPE:answers}`, with `\}` inside the answers. The search for the end stops at the next embedded answer,
 * so that text of many unclosed ones is quick.
 */
const EMBEDDED = /\{(\d*):([A-Z_]+):((?:\\.|\{(?!\d*:[A-Z_]+:)|[^\\{}])*)\}/g;

/** The paragraph our own export puts the blanks in (moodle-write.ts), left out when read back. */
export const BLANKS_CLASS = 'shixun-blanks';
const BLANKS_PARAGRAPH = new RegExp(`<p class="${BLANKS_CLASS}">[^<]*</p>`, 'g');

const SHORT = new Set(['SHORTANSWER', 'SA', 'MW', 'SHORTANSWER_C', 'SAC', 'MWC']);
const NUMERICAL = new Set(['NUMERICAL', 'NM']);

/** `\}` `\#` `\~` `\/` `\"` `\\` are the characters themselves; entities are the text's. */
const literal = (text: string) => decodeEntities(text.replace(/\\(.)/g, '$1')).trim();

/** `=a#fb~%100%b~%50%c~d` → the right answers' text (100 %, or `=`). */
function rightAnswers(answers: string): string[] {
  const right: string[] = [];
  for (const entry of answers.split(/(?<!\\)~/)) {
    const m = /^\s*(=|%(-?\d+(?:\.\d+)?)%)?((?:\\.|[^\\#])*)/.exec(entry)!;
    if (m[1] === '=' || Number(m[2]) >= 100) right.push(literal(m[3]!));
  }
  return right;
}

export function readCloze(html: string): Cloze {
  const blanks: ClozeBlank[] = [];
  const unsupported: string[] = [];
  const read = (all: string, _weight: string, type: string, answers: string): string => {
    const right = rightAnswers(answers);
    if (SHORT.has(type)) {
      blanks.push({ answers: right, caseSensitive: type.endsWith('C') });
    } else if (NUMERICAL.has(type)) {
      const values = right.map((r) => r.split(':'));
      if (values.some(([, tolerance = '0']) => Number(tolerance) !== 0)) unsupported.push(`${type} ±`);
      blanks.push({ answers: values.map(([value = '']) => value.trim()), caseSensitive: false });
    } else if (/^(MULTICHOICE|MC)/.test(type)) {
      blanks.push({ answers: right, caseSensitive: false });
    } else {
      unsupported.push(type);
      return all;
    }
    return '____';
  };
  const text = html.replace(BLANKS_PARAGRAPH, (paragraph) => {
    paragraph.replace(EMBEDDED, read);
    return '';
  });
  return { html: text.replace(EMBEDDED, read), blanks, unsupported };
}
