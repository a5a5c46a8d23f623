import { fieldLine } from './field-lines.ts';
import { lines, plainText, slice, type Token } from './html.ts';
import { OPTION_START } from './options.ts';
import { field, has, type Reading } from './reading.ts';
import { type Block, tableRows } from './word-blocks.ts';

/**
 * The answer key papers print after their questions (参考答案, 答案与解析): `1—5 CCBBA`, `1.C 2.B 3.D`,
 * `1．C 解析：…` a line each, `（1）A （2）B`, tables of 题号 and 答案, per section (一、二、…) or numbered on
 * through the paper. Its entries go to the questions of those numbers; its lines never become questions.
 */

export interface KeyEntry {
  /** The key's section (一, 二 …) the entry is under; '' when the key has none. */
  numeral: string;
  number: number;
  answer: Token[][];
  analysis: Token[][];
  /** The key prints the question again (its options followed): the answer is what the analysis concludes. */
  repeated?: boolean;
}

const NUMERAL = '[一二三四五六七八九十]+';
const KEY_WORDS =
  '(?:参考答案|试题答案|试卷答案|答案)(?:(?:与|及|和)(?:试题)?(?:解析|详解|评分标准|评分细则|评分意见|提示))?|答案解析|答案详解|answer\\s*keys?|answers|keys?';
/** 参考答案, 答案与解析, 四、参考答案, 2024年期末考试数学参考答案, Answer Key. */
const KEY_TITLE = new RegExp(
  `^(?:${NUMERAL}\\s*[、.．]\\s*)?(?:[^\\s，。,]*?(?:试卷|试题|考试|测试|检测|练习|月考|期中|期末)[^\\s，。,]*?)?` +
    `[【\\[]?\\s*(?:${KEY_WORDS})\\s*[】\\]]?\\s*[:：]?$`,
  'i',
);
/** 一、 (or I. Ⅱ． in English papers) before a section of the key. */
const KEY_SECTION = new RegExp(`^(${NUMERAL}|[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ]+|[IVX]+)\\s*[、.．]\\s*`);
const RANGE = /^([0-9０-９]+)\s*[-—–~～－至到]+\s*([0-9０-９]+)\s*[:：.、．]?\s*((?:[A-HＡ-ＨT√×✓✗][\s\u3000]*)+)/;
const ENTRY = /^(?:([0-9０-９]+)\s*(?:[、．:：]|\.(?![0-9０-９]))|[(（]\s*([0-9０-９]+)\s*[)）])\s*/;
/** An entry further on a line: after white space or a separator. */
const LATER_ENTRY = /(?<=[\s；;，,])(?:([0-9０-９]+)\s*[、．:：.]|[(（]\s*([0-9０-９]+)\s*[)）])\s*/g;
/** A key as rows of text (a table flattened): 题号　1　2　3, then 答案　C　A　B. */
const GRID_NUMBERS = /^题\s*号[\s:：]*((?:[0-9０-９]+[\s\u3000]*)+)$/;
const GRID_ANSWERS = /^答\s*案[\s:：]*(.+)$/;
const ANALYSIS = /【\s*(?:解析|分析|详解|点睛|点评)\s*】|(?:解析|详解|点睛)\s*[:：]/;

type Style = 'number' | 'paren';

/** An entry of a line: its number and where its text is, or the answer a range gives it. */
interface Item {
  number: number;
  style: Style;
  from: number;
  to: number;
  /** From a range (`1—5 CCBBA`): its letter. */
  value?: string;
}

const toNumber = (digits: string) => Number(digits.normalize('NFKC'));

/** `title`: a line that starts a key; `field`: 答案：/【参考答案】 alone, a key only if a key follows it. */
export function keyTitle(line: string): 'title' | 'field' | undefined {
  if (!KEY_TITLE.test(line)) return undefined;
  const named = fieldLine(line);
  return named && named.length === line.length ? 'field' : 'title';
}

/**
 * The numbers of a paragraph that can only be a key: a range (`1—5 CCBBA`), or entries of choice letters or
 * true/false marks numbered `1.` (`1.C 2.B 3.D`) or, asked for, `（1）`. A reference answer's numbered points
 * (`1. 西高东低 2. …`) or a fill-in's blanks are none.
 */
export function keyLine(text: string, style: Style = 'number'): number[] | undefined {
  const trimmed = text.trim();
  const items = itemsOf(trimmed, 0, style);
  if (!items?.length) return undefined;
  const marks = (i: Item) => /^[A-HＡ-ＨT√×✓✗]+$/.test(trimmed.slice(i.from, i.to).replace(/[\s\u3000；;，,]+$/, ''));
  const key = items[0]!.value !== undefined || (items.length > 1 && items.every(marks));
  return key ? items.map((i) => i.number) : undefined;
}

/** A paragraph a key would start with: key lines, `一、1—5 …`, a table of 题号 and 答案. */
export function looksLikeKey(block: Block): boolean {
  if (block.table) return tableEntries(block.tokens).length > 0;
  const text = plainText(block.tokens).trim();
  return keyLine(text.slice(KEY_SECTION.exec(text)?.[0].length ?? 0)) !== undefined;
}

/**
 * The entries of a line from `from`, or undefined when it does not start with one. Further entries on the line
 * count when numbered on (5 after 4) in the same style, before any analysis.
 */
function itemsOf(text: string, from: number, style: Style | undefined): Item[] | undefined {
  const items: Item[] = [];
  let pos = from;
  let entry: { number: number; style: Style; length: number } | undefined = firstEntry(text.slice(pos));
  while (pos < text.length) {
    const range = RANGE.exec(text.slice(pos));
    const values = range && rangeValues(range[3]!, toNumber(range[2]!) - toNumber(range[1]!) + 1);
    if (range && values) {
      values.forEach((value, i) => {
        items.push({ number: toNumber(range[1]!) + i, style: 'number', from: pos, to: pos, value });
      });
      pos += range[0].length;
      entry = firstEntry(text.slice(pos));
      continue;
    }
    if (!entry || (style && entry.style !== style)) break;
    const start = pos + entry.length;
    const next = nextEntry(text, start, entry.number + 1, entry.style);
    items.push({ number: entry.number, style: entry.style, from: start, to: next?.index ?? text.length });
    if (!next) break;
    pos = next.index;
    entry = { number: entry.number + 1, style: entry.style, length: next.length };
  }
  return items.length ? items : undefined;
}

function firstEntry(text: string): { number: number; style: Style; length: number } | undefined {
  const m = ENTRY.exec(text);
  if (!m) return undefined;
  return { number: toNumber((m[1] ?? m[2])!), style: m[1] ? 'number' : 'paren', length: m[0].length };
}

/** `CCBBA` for 5 questions, or `AC BD` (letters by white space) for 2. */
function rangeValues(letters: string, count: number): string[] | undefined {
  const packed = [...letters.replace(/[\s\u3000]/g, '')];
  if (packed.length === count) return packed;
  const spaced = letters.trim().split(/[\s\u3000]+/);
  return spaced.length === count ? spaced : undefined;
}

/**
 * Where the entry numbered `number` starts on the line, before any analysis. `2.C 3.1.5 220` — a number may be
 * followed by a decimal answer; a mark that is not (`2. 3.14 3. 5`) is taken first.
 */
function nextEntry(
  text: string,
  from: number,
  number: number,
  style: Style,
): { index: number; length: number } | undefined {
  const analysis = ANALYSIS.exec(text.slice(from));
  const searched = text.slice(0, analysis ? from + analysis.index : text.length);
  const marks = [...searched.matchAll(LATER_ENTRY)].filter(
    (m) => m.index >= from && (m[1] ? 'number' : 'paren') === style && toNumber((m[1] ?? m[2])!) === number,
  );
  const clean = marks.find((m) => /\s$/.test(m[0]) || !/^[0-9０-９]/.test(text.slice(m.index + m[0].length)));
  const found = clean ?? marks[0];
  return found && { index: found.index, length: found[0].length };
}

/** Pairs of a row of numbers (after a label such as 题号) and the row of answers below it. */
function tableEntries(tokens: Token[]): { number: number; answer: Token[] }[] {
  const rows = tableRows(tokens);
  const found: { number: number; answer: Token[] }[] = [];
  rows.forEach((row, r) => {
    const texts = row.map((cell) => plainText(cell).trim());
    const skip = /^[0-9０-９]+$/.test(texts[0] ?? '') ? 0 : 1;
    const numbers = texts.slice(skip);
    const answers = rows[r + 1];
    if (!answers || numbers.length === 0 || !numbers.every((t) => /^[0-9０-９]+$/.test(t))) return;
    numbers.forEach((t, i) => {
      const answer = answers[i + skip];
      if (answer) found.push({ number: toNumber(t), answer });
    });
  });
  return found;
}

/** Reads the paragraphs of a key into entries. */
export class KeyReader {
  readonly entries: KeyEntry[] = [];
  private numeral = '';
  /** The last number read in this section of the key: a lower one is text of an answer (1. 2. of its points). */
  private last = 0;
  private style: Style | undefined;
  private current: KeyEntry | undefined;
  private field: 'answer' | 'analysis' = 'answer';
  private gridNumbers: number[] | undefined;

  read(block: Block): void {
    if (block.table) {
      for (const { number, answer } of tableEntries(block.tokens)) this.add(number, lines(answer), []);
      return;
    }
    const tokens = block.tokens;
    const text = plainText(tokens);
    if (this.grid(text.trim())) return;
    let from = text.length - text.trimStart().length;
    const section = KEY_SECTION.exec(text.slice(from));
    if (section) {
      this.numeral = section[1]!;
      this.last = 0;
      this.style = undefined;
      from += section[0].length;
      // 一、选择题 … — the section's name, up to its first entry.
      from += /^[^0-9０-９(（]*/.exec(text.slice(from))![0].length;
    }
    const items = itemsOf(text, from, this.style);
    const first = items?.[0];
    if (items && first && (first.value !== undefined || items.length > 1 || first.number > this.last)) {
      this.style ??= first.style;
      for (const item of items) {
        if (item.value !== undefined) this.add(item.number, [[{ kind: 'text', text: item.value }]], []);
        else this.entry(item.number, slice(tokens, item.from, item.to));
      }
      return;
    }
    if (section || !this.current) return;
    // Options after an entry: the key prints the question again (参考答案与试题解析), options and all.
    if (this.field === 'answer' && OPTION_START.test(text.slice(from))) {
      this.current.repeated = true;
      return;
    }
    const named = fieldLine(text.slice(from));
    if (named?.key === 'answer') {
      // 【答案】 after a question printed again is its answer.
      this.current.answer = [];
      this.current.repeated = false;
    }
    if (named && (named.key === 'answer' || named.key === 'analysis')) {
      this.field = named.key;
      from += named.length;
    }
    this.current[this.field].push(...lines(slice(tokens, from)));
  }

  /** A row of 题号 (kept), or the row of 答案 below it (its entries). */
  private grid(line: string): boolean {
    const numbers = GRID_NUMBERS.exec(line);
    if (numbers) {
      this.gridNumbers = numbers[1]!
        .trim()
        .split(/[\s\u3000]+/)
        .map(toNumber);
      return true;
    }
    const answers = this.gridNumbers && GRID_ANSWERS.exec(line);
    if (!answers) return false;
    const values = answers[1]!.trim().split(/[\s\u3000]+/);
    this.gridNumbers!.forEach((number, i) => {
      if (values[i]) this.add(number, [[{ kind: 'text', text: values[i] }]], []);
    });
    this.gridNumbers = undefined;
    return true;
  }

  /** An entry's text: `C`, `【答案】C【解析】…`, `B　解析：…`. */
  private entry(number: number, tokens: Token[]): void {
    let text = plainText(tokens);
    let from = 0;
    const named = fieldLine(text);
    if (named?.key === 'answer') from = named.length;
    text = text.slice(from);
    const analysis = ANALYSIS.exec(text);
    const answerEnd = analysis ? from + analysis.index : undefined;
    const analysisLines = analysis ? lines(slice(tokens, from + analysis.index + analysis[0].length)) : [];
    this.add(number, lines(slice(tokens, from, answerEnd)), analysisLines);
  }

  private add(number: number, answer: Token[][], analysis: Token[][]): void {
    this.current = { numeral: this.numeral, number, answer, analysis };
    this.entries.push(this.current);
    this.field = analysis.length ? 'analysis' : 'answer';
    this.last = number;
  }
}

/**
 * Gives each entry to the question of its number: in the paper's section of the key's section when both have
 * them, else the first question of that number not given one yet (so per-section numbering from 1 works in
 * order). A question's own answer or analysis is kept. Where the entry only prints the question again, or says
 * no answer, the analysis's conclusion is the answer: `故选C`, `故答案为：x≠1`.
 */
export function applyKey(entries: KeyEntry[], questions: Reading[]): void {
  const byNumber = new Map<number, Reading[]>();
  for (const q of questions) if (q.number !== undefined) byNumber.set(q.number, [...(byNumber.get(q.number) ?? []), q]);
  const keyed = new Set<Reading>();
  for (const entry of entries) {
    const candidates = (byNumber.get(entry.number) ?? []).filter((q) => !keyed.has(q));
    const q = candidates.find((c) => entry.numeral && c.section?.numeral === entry.numeral) ?? candidates[0];
    if (!q) continue;
    keyed.add(q);
    const repeated = entry.repeated || restates(entry.answer, q);
    const answer = entry.answer.length && !repeated ? entry.answer : concluded(entry.analysis);
    if (answer.length && !has(q, 'answer')) q.meta.set('answer', answer);
    if (entry.analysis.length && !has(q, 'analysis')) field(q, 'analysis').push(...entry.analysis);
  }
}

/** The entry's answer is the question's stem again (参考答案与试题解析 prints each question before its analysis). */
function restates(answer: Token[][], q: Reading): boolean {
  const squeeze = (line: Token[] | undefined) => (line ? plainText(line).replace(/\s/g, '') : '');
  const [a, b] = [squeeze(answer[0]), squeeze(q.stem[0])];
  return a.length >= 6 && b.length >= 6 && (a.includes(b) || b.includes(a));
}

/** `……故选：C．` → C; `故答案为：x≠1．` → x≠1. */
function concluded(analysis: Token[][]): Token[][] {
  const text = analysis.map(plainText).join('\n');
  const letters = /故选\s*[:：]?\s*([A-H]+)/.exec(text)?.[1];
  const said = /故答案为\s*[:：]?\s*(.+?)[。．.]?\s*$/m.exec(text)?.[1];
  const answer = letters ?? said;
  return answer ? [[{ kind: 'text', text: answer }]] : [];
}
