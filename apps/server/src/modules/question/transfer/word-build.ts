import {
  buildQuestion,
  emptyRaw,
  type FieldKey,
  judgeFromText,
  type RawQuestion,
  type TypeGuess,
  typeFromText,
} from './fields.ts';
import { htmlToText, lines, linesToHtml, PICTURE, plainText, slice, type Token } from './html.ts';
import { blankAnswers, blankCount, bracketAnswer, partsOf, type Stretch, stemScore } from './inline-answers.ts';
import { judgeOptions } from './options.ts';
import { field, firmComposite, has, type Reading } from './reading.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * A question read from a document as the draft it stands for: what its lines left to be decided once all of them
 * (and the answer key) are read — whether its （1）（2） parts are a composite, the answer in its brackets, its
 * score, true/false written as options, a fill-in told by its blanks — and whether it is a question at all.
 */

/** Enough of a question's source to recognise it by; a long passage is cut. */
const ORIGINAL_MAX = 4000;

/** `n`: its place among the file's questions (第 n 题). */
export function buildReading(top: Reading, n: number): ParsedQuestion {
  liftFromStem(top, top.stem);
  shareParts(top, 'answer');
  shareParts(top, 'analysis');
  const composite = firmComposite(top) || keepsParts(top);
  if (composite) for (const child of top.children) liftFromStem(child, child.stem);
  else mergeParts(top);

  const raw = rawOf(top);
  if (composite && !raw.type) raw.type = 'composite';
  const guess = guessType(top, raw, top.section?.type);
  if (!raw.type && !composite && top.section?.score && !raw.score) raw.score = top.section.score;
  const blanks = blankCount(top.stem);
  if ((raw.type ? typeFromText(raw.type) : guess) === 'fill') fillIn(raw, blanks, top.section?.blankScore);

  const children = composite ? top.children.map((c) => childRaw(c, top)) : [];
  const built = buildQuestion(raw, { section: guess, children });
  const problems = isLone(top, raw, guess, blanks) ? [{ key: 'question.import.lone' as const }] : built.problems;
  const rebuild = { raw, options: { section: guess, children } };
  const original = top.original.join('\n').slice(0, ORIGINAL_MAX);
  return { label: { key: 'question.import.item', params: { n } }, draft: built.draft, problems, rebuild, original };
}

/** A child's raw question: its type told the same way, a passage section's score per question. */
function childRaw(child: Reading, top: Reading): RawQuestion {
  const raw = rawOf(child);
  if (!raw.stem && raw.options.length && child.number !== undefined) raw.stem = `<p>${child.number}</p>`;
  const guess = guessType(child, raw, undefined);
  if (guess === 'fill') fillIn(raw, blankCount(child.stem), undefined);
  if (guess && !raw.type) raw.type = guess;
  if (top.kind === 'passage' && top.section?.score && !raw.score) raw.score = top.section.score;
  return raw;
}

/**
 * A question's （1）（2） parts are questions of their own when two of them at least carry options, an answer, an
 * analysis or a score; one part with an answer is more likely the question's answer written under its last part.
 */
function keepsParts(q: Reading): boolean {
  const own = q.children.filter(
    (c) => c.options.length || (['answer', 'analysis', 'score'] as const).some((k) => has(c, k)) || scoreIn(c),
  );
  return own.length >= 2;
}

const scoreIn = (q: Reading) => q.stem.some((l) => stemScore(plainText(l)));

/** Parts that stay one question: their lines as written go back into its stem, their fields become its own. */
function mergeParts(top: Reading): void {
  for (const child of top.children) {
    top.stem.push(...child.written);
    if (!top.options.length) top.options.push(...child.options);
    for (const [key, value] of child.meta) if (!has(top, key)) top.meta.set(key, value);
  }
  top.children = [];
}

/**
 * An answer (or analysis) written part by part — on the question, from the key, or on the last part's answer line
 * (`答案：（1）2.7　（2）大`) — goes to the parts it names, when they have none of their own.
 */
function shareParts(top: Reading, key: 'answer' | 'analysis'): void {
  if (top.kind === 'marked' || top.children.length < 2) return;
  const last = top.children[top.children.length - 1]!;
  if (top.children.some((c) => c !== last && has(c, key))) return;
  const holder = has(last, key) ? last : top;
  const own = holder.meta.get(key) ?? [];
  const tokens = own.flatMap((line, i) => (i ? [BREAK, ...line] : line));
  const parts = partsOf(plainText(tokens));
  if (!parts || parts.length > top.children.length) return;
  holder.meta.delete(key);
  parts.forEach((part, i) => {
    top.children[i]!.meta.set(key, lines(slice(tokens, part.start, part.end)));
  });
}

const BREAK: Token = { kind: 'void', name: 'br', raw: '<br>' };
/** Where a question was set, as paper collections tag it: (2024•北京), （2023·上海模拟）. */
const SOURCE = /^\s*[(（]\s*([0-9]{4}\s*[•·][^)）]{1,30})[)）]/;

/**
 * `（2分）` in the stem is the score, `(2024•北京)` at its start the source; `（ B ）` `（ √ ）` in its brackets the
 * answer, the brackets left empty.
 */
function liftFromStem(q: Reading, stem: Token[][]): void {
  if (!has(q, 'score')) {
    const i = stem.findIndex((l) => stemScore(plainText(l)));
    if (i >= 0) {
      const found = stemScore(plainText(stem[i]!))!;
      field(q, 'score').push([{ kind: 'text', text: found.score }]);
      stem[i] = cut(stem[i]!, found, '');
    }
  }
  // Only in papers: the product's own layout (a 难度 line on every question it exports) keeps its stems as they are.
  const source = stem[0] && SOURCE.exec(plainText(stem[0]));
  if (source && !has(q, 'source') && !has(q, 'difficulty')) {
    field(q, 'source').push([{ kind: 'text', text: source[1]! }]);
    stem[0] = cut(stem[0]!, { start: source.index, end: source.index + source[0].length }, '');
  }
  if (has(q, 'answer')) return;
  for (let i = stem.length - 1; i >= 0; i--) {
    const found = bracketAnswer(plainText(stem[i]!));
    if (!found) continue;
    const letters = /^[A-HＡ-Ｈ]+$/.test(found.value);
    const judgeWord = q.section?.type === 'judge' || /^[√×✓✗✔✘]$/.test(found.value);
    const fits = letters
      ? q.options.length > 0 && [...found.value.normalize('NFKC')].every((c) => c.charCodeAt(0) - 65 < q.options.length)
      : judgeWord && q.options.length === 0;
    if (fits) {
      field(q, 'answer').push([{ kind: 'text', text: found.value }]);
      stem[i] = cut(stem[i]!, found, ' ');
    }
    return;
  }
}

/** A line with a stretch of its text replaced. */
function cut(line: Token[], stretch: Stretch, by: string): Token[] {
  const between: Token[] = by ? [{ kind: 'text', text: by }] : [];
  return [...slice(line, 0, stretch.start), ...between, ...slice(line, stretch.end)];
}

/**
 * The type a question has without a 题型 line: its section's, else told by its content — two options that say
 * true and false are a 判断题 (the options gone, the answer letter turned into what it chose), an answer to
 * blanks a 填空题.
 */
function guessType(q: Reading, raw: RawQuestion, section: TypeGuess | undefined): TypeGuess | undefined {
  const named = raw.type ? typeFromText(raw.type) : undefined;
  const open = named === undefined || named === 'judge';
  const sectionAllows = section === undefined || section === 'choice' || section === 'judge';
  const values = raw.options.length === 2 ? judgeOptions(raw.options.map(htmlToText)) : undefined;
  if (values && open && sectionAllows) {
    const letter = raw.answerText.trim().normalize('NFKC').toUpperCase();
    raw.options = [];
    if (letter === 'A' || letter === 'B') raw.answerText = values[letter === 'A' ? 0 : 1]!;
    return named ? undefined : 'judge';
  }
  if (named || section) return section;
  const answer = raw.answerText.trim();
  if (!raw.options.length && answer && !judgeFromText(answer) && blankCount(q.stem) > 0) return 'fill';
  return undefined;
}

/** A fill-in's answers parted into its blanks; a section's score per blank. */
function fillIn(raw: RawQuestion, blanks: number, blankScore: string | undefined): void {
  raw.answerText = blankAnswers(raw.answerText, blanks);
  if (blankScore && !raw.itemScores && blanks) raw.itemScores = Array(blanks).fill(blankScore).join('；');
}

/**
 * A line that is no question: neither options nor an answer, nor parts or a score, and nothing says its type —
 * or a section says one whose questions it cannot be (a choice without options, a fill-in without blanks).
 */
function isLone(q: Reading, raw: RawQuestion, guess: TypeGuess | undefined, blanks: number): boolean {
  if (raw.options.length || raw.answerText.trim() || raw.answerHtml || raw.score.trim() || q.children.length)
    return false;
  if (raw.type || q.kind !== 'plain') return false;
  if (guess === undefined || guess === 'choice' || guess === 'single' || guess === 'multiple') return true;
  return guess === 'fill' && blanks === 0;
}

/** A question without options, answer, parts, score or a type: what a document that is no paper is made of. */
export function isLoneQuestion(q: ParsedQuestion): boolean {
  return q.problems.some((p) => p.key === 'question.import.lone');
}

function rawOf(q: Reading): RawQuestion {
  const meta = (key: FieldKey) => q.meta.get(key) ?? [];
  const text = (key: FieldKey) =>
    meta(key)
      .map((l) => plainText(l).replaceAll(PICTURE, ''))
      .join('\n')
      .trim();
  return {
    ...emptyRaw(),
    type: text('type') || (q.kind !== 'plain' ? 'composite' : ''),
    stem: linesToHtml(q.stem),
    options: q.options.map(linesToHtml),
    answerText: text('answer'),
    answerHtml: linesToHtml(meta('answer')),
    analysis: linesToHtml(meta('analysis')),
    difficulty: text('difficulty'),
    score: text('score'),
    knowledge: text('knowledge'),
    source: text('source'),
    discipline: text('discipline'),
    points: q.points.map(linesToHtml),
    itemScores: text('itemScores'),
    blankRules: text('blankRules'),
    fileTypes: text('fileTypes'),
    maxSize: text('maxSize'),
  };
}
