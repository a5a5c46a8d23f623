import { emptyRaw, type RawQuestion } from '../fields.ts';
import { textToHtml } from '../html.ts';
import type { ImportProblem, ParsedQuestion } from '../types.ts';
import { type GiftBlock, readBlock } from './gift-answers.ts';
import { foundQuestions, parsedQuestion } from './questions.ts';
import { asParagraphs, texAsDollars } from './rich-text.ts';

/**
 * Moodle's GIFT format: questions separated by blank lines, `// comments`, `$CATEGORY:` lines (ignored), an optional
 * `::title::`, the text and its answer block: `{=right ~wrong}` a choice, `{~%50%a ~%50%b ~c}` several right,
 * `{T}`/`{F}` true or false, `{=a =b}` a blank with its accepted answers, `{#3.14}` a number, `{}` a short answer;
 * `#feedback` after an answer and `####feedback` for the question. A block inside the text is a blank
 * (`中国的首都是{=北京}。`); so is each of several. Matching and inexact numerical questions have no type here:
 * they are read, and flagged. `\~ \= \# \{ \} \:` are the characters themselves, `\n` a new line.
 */

/** Escaped characters stand in the Unicode private use area while the text is cut at the unescaped ones. */
const ESCAPES: Record<string, string> = {
  '~': '\ue000',
  '=': '\ue001',
  '#': '\ue002',
  '{': '\ue003',
  '}': '\ue004',
  ':': '\ue005',
  '\\': '\ue006',
};
const UNESCAPE = new Map(Object.entries(ESCAPES).map(([c, stand]) => [stand, c]));

function hideEscapes(text: string): string {
  return text.replace(/\\([~=#{}:\\n])/g, (_, c: string) => (c === 'n' ? '\n' : ESCAPES[c]!));
}

function unescaped(text: string): string {
  return text.replace(/[\ue000-\ue006]/g, (c) => UNESCAPE.get(c)!);
}

/** The lines that are no part of a question: comments, and the category the questions go in. */
const withoutComments = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .filter((l) => !/^\s*(?:\/\/|\$CATEGORY:)/.test(l))
    .join('\n');

/**
 * An answer block as GIFT writes it: `{` holding `=`/`~` answers, `#` a number, or T/F; not LaTeX's `\mathrm{T}`,
 * `x^{=}` (a command, `^` or `_` before it).
 */
const ANSWER_BLOCK = /(?<!\\[A-Za-z]*|[\^_])\{\s*(?:[=~#]|(?:T|F|TRUE|FALSE)\s*[#}])/i;

/** GIFT: a `::title::` at a line's start, a `$CATEGORY:` line or an answer block (outside `$…$` formulas). */
export function looksLikeGift(text: string): boolean {
  const t = hideEscapes(withoutComments(text)).replace(/\$[^$\n]*\$/g, '');
  return /^\s*::[^\n]*?::/m.test(t) || /^\s*\$CATEGORY:/m.test(text) || ANSWER_BLOCK.test(t);
}

/** A question's blocks of text: separated by blank lines. */
function blocksOf(text: string): string[] {
  return hideEscapes(withoutComments(text))
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

/** Text as our rich text: `[html]` as HTML, anything else (`[plain]`, `[moodle]`, `[markdown]`, none) as text. */
function richText(text: string, html: boolean): string {
  const t = unescaped(text).trim();
  return html ? texAsDollars(asParagraphs(t)) : textToHtml(t);
}

export function readGift(text: string): ParsedQuestion[] {
  const questions: ParsedQuestion[] = [];
  for (const block of blocksOf(text)) {
    const question = readQuestion(block, questions.length + 1);
    if (question) questions.push(question);
  }
  return foundQuestions(questions);
}

/** One question, or undefined for text without an answer block (a description, which Moodle does not grade). */
function readQuestion(source: string, n: number): ParsedQuestion | undefined {
  let text = source.replace(/^::(.*?)::/s, '').trim();
  const format = /^\[(html|moodle|plain|markdown)\]/i.exec(text);
  const html = format?.[1]?.toLowerCase() === 'html';
  if (format) text = text.slice(format[0].length);
  const parts = text.split(/\{([^{}]*)\}/);
  // parts: text, block, text, block, …, text.
  const blocks = parts.filter((_, i) => i % 2 === 1).map(readBlock);
  if (blocks.length === 0) return undefined;
  const before = parts[0]!;
  const after = parts.slice(1).filter((_, i) => i % 2 === 1);
  // A block with text after it stands where its blank is; one at the end only closes the question.
  const inside = after.some((t) => t.trim() !== '') || blocks.length > 1;
  const stem = inside ? before + after.map((t) => `____${t}`).join('') : before;

  const raw = emptyRaw();
  raw.stem = richText(stem, html);
  const general = blocks.map((b) => b.general).find((g) => g !== '') ?? '';
  const problems: ImportProblem[] = [];
  const kinds = blocks.map((b) => b.block);
  if (kinds.length > 1 && kinds.every((b) => b.kind === 'short' || (b.kind === 'numerical' && b.exact))) {
    raw.type = 'fill';
    raw.answerText = kinds.map((b) => alternatives(b)).join('；');
  } else {
    const unsupported = describe(kinds[0]!, raw, html);
    if (kinds.length > 1 || unsupported) {
      problems.push({ key: 'question.import.unsupported', params: { value: unsupported ?? 'GIFT {…} {…}' } });
    }
  }
  raw.analysis = general ? richText(general, html) : raw.analysis;
  return parsedQuestion(raw, n, {}, problems);
}

/** A short answer's (or exact number's) accepted answers: `北京|Beijing`. */
function alternatives(block: GiftBlock): string {
  if (block.kind === 'numerical') return block.values.map(unescaped).join('|');
  if (block.kind !== 'short') return '';
  return block.answers
    .filter((a) => a.right)
    .map((a) => unescaped(a.text))
    .join('|');
}

/**
 * The question's type, options, answer and analysis (an answer's feedback, until a `####` one replaces it) as
 * the block says; the name of a kind that cannot be imported.
 */
function describe(block: GiftBlock, raw: RawQuestion, html: boolean): string | undefined {
  switch (block.kind) {
    case 'essay':
      raw.type = 'short';
      return undefined;
    case 'truefalse':
      raw.type = 'judge';
      raw.answerText = block.answer;
      // The feedback on a wrong response says why; the one on a right response is often just "正确！".
      raw.analysis = feedback(block.wrongFeedback || block.rightFeedback, html);
      return undefined;
    case 'choice':
      raw.type = block.multiple ? 'multiple' : 'single';
      raw.options = block.answers.map((a) => richText(a.text, html));
      raw.answerText = block.answers.map((a, i) => (a.right ? String.fromCharCode(65 + i) : '')).join('');
      raw.analysis = feedback(block.answers.find((a) => a.right)?.feedback ?? '', html);
      return undefined;
    case 'short':
      raw.type = 'fill';
      raw.answerText = alternatives(block);
      raw.analysis = feedback(block.answers.find((a) => a.right)?.feedback ?? '', html);
      return undefined;
    case 'numerical':
      raw.type = 'fill';
      raw.answerText = alternatives(block);
      return block.exact ? undefined : 'numerical (±)';
    case 'matching':
      raw.type = 'short';
      return 'matching';
  }
}

const feedback = (text: string, html: boolean) => (text ? richText(text, html) : '');
