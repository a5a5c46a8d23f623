/**
 * The answer block of a GIFT question (`{=right ~wrong}`, `{T}`, `{=a =b}`, `{}` …), its escapes already stood in
 * for (gift.ts), read into what it says: a kind, its answers, feedback.
 */

/** One answer of a block: right or not (as its kind of block counts them), its text and feedback. */
export interface GiftAnswer {
  right: boolean;
  /** `%50%`: a share of the marks; undefined when none is written. */
  weight?: number;
  text: string;
  feedback: string;
}

export type GiftBlock =
  | { kind: 'essay' }
  | { kind: 'truefalse'; answer: 'T' | 'F'; rightFeedback: string; wrongFeedback: string }
  | { kind: 'choice'; multiple: boolean; answers: GiftAnswer[] }
  | { kind: 'short'; answers: GiftAnswer[] }
  | { kind: 'numerical'; values: string[]; exact: boolean }
  | { kind: 'matching' };

export interface ReadBlock {
  block: GiftBlock;
  /** `####…`: the question's general feedback. */
  general: string;
}

/** Text and feedback of an answer: `text#feedback`. */
function split(text: string): { text: string; feedback: string } {
  const hash = text.indexOf('#');
  return hash < 0
    ? { text: text.trim(), feedback: '' }
    : { text: text.slice(0, hash).trim(), feedback: text.slice(hash + 1).trim() };
}

/**
 * `=a ~%50%b#fb ~c` → each answer, with its weight. Right: `=` unweighted or at 100 %; with `multiple`, any
 * positive weight (a multiple-choice question gives each right answer its share).
 */
function answersOf(body: string, multiple = false): GiftAnswer[] {
  const answers: GiftAnswer[] = [];
  for (const m of body.matchAll(/([=~])([^=~]*)/g)) {
    let text = m[2]!;
    let weight: number | undefined;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (w) {
      weight = Number(w[1]);
      text = text.slice(w[0].length);
    }
    const right = multiple ? (weight ?? 0) > 0 : m[1] === '=' && (weight === undefined || weight >= 100);
    answers.push({ right, weight, ...split(text) });
  }
  return answers;
}

/** `#3.14`, `#3.14:0.01`, `#1..5`, `#=3:0 =%50%3.1:0.1`: the values, and whether all of them are exact. */
function numerical(body: string): GiftBlock {
  const entries = body.includes('=')
    ? answersOf(body)
        .filter((a) => a.right)
        .map((a) => a.text)
    : [split(body).text];
  let exact = true;
  const values = entries.map((entry) => {
    const [value = '', tolerance = '0'] = entry.split(':').map((s) => s.trim());
    if (value.includes('..') || Number(tolerance) !== 0) exact = false;
    return value;
  });
  return { kind: 'numerical', values, exact };
}

export function readBlock(content: string): ReadBlock {
  let body = content;
  let general = '';
  const g = body.indexOf('####');
  if (g >= 0) {
    general = body.slice(g + 4).trim();
    body = body.slice(0, g);
  }
  const trimmed = body.trim();
  if (trimmed === '') return { block: { kind: 'essay' }, general };
  const tf = /^(T|TRUE|F|FALSE)\s*(?:#([^#]*))?(?:#(.*))?$/is.exec(trimmed);
  if (tf) {
    const answer = tf[1]!.toUpperCase().startsWith('T') ? 'T' : 'F';
    const block = { kind: 'truefalse', answer, wrongFeedback: tf[2]?.trim() ?? '', rightFeedback: tf[3]?.trim() ?? '' };
    return { block: block as GiftBlock, general };
  }
  if (trimmed.startsWith('#')) return { block: numerical(trimmed.slice(1)), general };
  const answers = answersOf(trimmed);
  if (answers.some((a) => a.text.includes('->'))) return { block: { kind: 'matching' }, general };
  if (trimmed.includes('~')) {
    // As Moodle reads it: without an `=` answer, the answers with a positive weight are all right.
    const multiple = !trimmed.includes('=');
    return { block: { kind: 'choice', multiple, answers: answersOf(trimmed, multiple) }, general };
  }
  return { block: { kind: 'short', answers }, general };
}
