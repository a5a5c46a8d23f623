import { OPTION_LABELS } from '@shixun/contracts';
import { buildQuestion, emptyRaw, type FieldKey, type RawQuestion, type TypeGuess, typeFromText } from './fields.ts';
import {
  attrOf,
  escapeAttr,
  isVisible,
  lines,
  linesToHtml,
  matchingClose,
  PICTURE,
  plainText,
  slice,
  type Token,
  tokenize,
} from './html.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * The Word layout (LAYOUT.md) read from the HTML mammoth makes of a .docx: section headings (一、单选题), numbered
 * stems, option lines, 答案：/解析：… lines and 【复合题】 blocks, one paragraph at a time.
 */

/** A paragraph of the document: inline tokens, or a whole table (kept as it is, inside the current field). */
interface Block {
  tokens: Token[];
  /** An item of a numbered Word list: its number was list numbering, which the HTML no longer shows. */
  listItem: boolean;
  table: boolean;
}

const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li']);
/** Inline markup worth keeping (mammoth's names; b/i from elsewhere mean the same). */
const INLINE: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  s: 's',
  del: 's',
  strike: 's',
  sub: 'sub',
  sup: 'sup',
};

/** mammoth's HTML as paragraphs; list items keep whether they were numbered. */
function blocksOf(html: string): Block[] {
  const tokens = tokenize(html);
  const blocks: Block[] = [];
  const lists: string[] = [];
  let open: Block | undefined;
  const flush = () => {
    if (open && isVisible(open.tokens)) blocks.push(open);
    open = undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open' && t.name === 'table') {
      flush();
      const end = matchingClose(tokens, i);
      blocks.push({ tokens: tokens.slice(i, end + 1), listItem: false, table: true });
      i = end;
    } else if ((t.kind === 'open' || t.kind === 'close') && (t.name === 'ol' || t.name === 'ul')) {
      flush();
      if (t.kind === 'open') lists.push(t.name);
      else lists.pop();
    } else if (t.kind === 'open' && PARAGRAPHS.has(t.name)) {
      // A paragraph inside a list item that has nothing yet is that item.
      const listItem = t.name === 'li' ? lists[lists.length - 1] === 'ol' : open?.tokens.length === 0 && open.listItem;
      flush();
      open = { tokens: [], listItem, table: false };
    } else if (t.kind === 'close' && PARAGRAPHS.has(t.name)) {
      flush();
    } else {
      open ??= { tokens: [], listItem: false, table: false };
      const kept = canonical(t);
      if (kept) open.tokens.push(kept);
    }
  }
  flush();
  return blocks;
}

/** A token in the form stored text uses: bold, italics, underline, strike, scripts, pictures, line breaks. */
function canonical(t: Token): Token | undefined {
  if (t.kind === 'text') return t;
  if (t.kind === 'void') {
    if (t.name === 'br') return { kind: 'void', name: 'br', raw: '<br>' };
    const src = t.name === 'img' ? attrOf(t.raw, 'src') : undefined;
    return src ? { kind: 'void', name: 'img', raw: `<img src="${escapeAttr(src)}">` } : undefined;
  }
  const name = INLINE[t.name];
  if (!name) return undefined;
  return t.kind === 'open' ? { kind: 'open', name, raw: `<${name}>` } : { kind: 'close', name };
}

/** The words a field line starts with (`答案：`, `【答案】`, `Answer:`). Longer first: 答案解析 is not 答案. */
const META_NAMES: [FieldKey, string[]][] = [
  ['type', ['题型', 'type']],
  ['answer', ['答案', '参考答案', '正确答案', 'answer']],
  ['analysis', ['解析', '答案解析', '试题解析', 'analysis']],
  ['difficulty', ['难度', 'difficulty']],
  ['score', ['分值', '分数', 'score']],
  ['knowledge', ['知识点', 'knowledge', 'knowledge points']],
  ['source', ['来源', 'source']],
  ['discipline', ['学科', 'discipline']],
  ['points', ['评分要点', 'scoring point', 'scoring points']],
  ['itemScores', ['小分', 'item scores']],
  ['blankRules', ['填空规则', 'blank rules']],
  ['fileTypes', ['文件类型', 'file types']],
  ['maxSize', ['文件大小上限', '文件大小', 'max file size']],
];
const META_BY_NAME = new Map(META_NAMES.flatMap(([key, names]) => names.map((n) => [n, key] as const)));
const META_WORDS = [...META_BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');
const META = new RegExp(`^(?:【\\s*(${META_WORDS})\\s*】\\s*[:：]?|(${META_WORDS})\\s*[:：])\\s*`, 'i');

const HEADING = /^[一二三四五六七八九十百千零〇两]+\s*[、.．]\s*(.+)$/;
const COMPOSITE_START = /^【\s*(?:复合题|组合题)\s*(?:开始)?\s*】$/;
const COMPOSITE_END = /^【\s*(?:复合题|组合题)\s*结束\s*】$/;
const OPTION = /^[A-HＡ-Ｈ]\s*[.、．]/;
const OPTION_MARK = /(^|\s)([A-HＡ-Ｈ])\s*[.、．]/g;
const NUMBER = /^[0-9０-９]+\s*[.、．](?![0-9０-９])\s*/;
const CHILD_NUMBER = /^[(（]\s*[0-9０-９]+\s*[)）]\s*/;
/** Numbering as it looks once Word's list formatting is gone or typed carelessly: `2 题干`, `2)题干`. */
const LOOSE_NUMBER = /^[0-9０-９]+(?:\s*[)）]|\s+)\s*/;

/** A question while its paragraphs are read. Each field is a list of lines (inline tokens). */
interface Reading {
  n: number;
  section?: TypeGuess;
  /** Opened by 【复合题】. */
  marker: boolean;
  stem: Token[][];
  options: Token[][][];
  meta: Map<FieldKey, Token[][]>;
  points: Token[][][];
  children: Reading[];
  /** Where a paragraph without a marker of its own continues. */
  last: 'stem' | 'option' | FieldKey;
}

function reading(n: number, section: TypeGuess | undefined, marker = false): Reading {
  return { n, section, marker, stem: [], options: [], meta: new Map(), points: [], children: [], last: 'stem' };
}

/** Reads the paragraphs of a converted .docx into questions (none when it follows no part of the layout). */
export function parseWordHtml(html: string): ParsedQuestion[] {
  const reader = new LayoutReader();
  for (const block of blocksOf(html)) reader.read(block);
  return reader.finish();
}

class LayoutReader {
  private section: TypeGuess | undefined;
  private top: Reading | undefined;
  private child: Reading | undefined;
  private count = 0;
  private readonly done: ParsedQuestion[] = [];

  read(block: Block): void {
    const current = this.child ?? this.top;
    if (block.table) {
      if (current) this.field(current).push(block.tokens);
      return;
    }
    const text = plainText(block.tokens);
    const trimmed = text.trimStart();
    const at = text.length - trimmed.length;
    const rest = (length: number) => slice(block.tokens, at + length);
    const line = trimmed.trimEnd();

    const heading = HEADING.exec(line);
    const sectionType = heading ? sectionOf(heading[1]!) : undefined;
    if (sectionType !== undefined) {
      this.closeTop();
      this.section = sectionType || undefined;
      return;
    }
    if (COMPOSITE_START.test(line)) {
      this.closeTop();
      this.top = reading(++this.count, this.section, true);
      return;
    }
    if (COMPOSITE_END.test(line)) {
      this.closeTop();
      return;
    }
    const meta = META.exec(trimmed);
    if (meta) {
      const key = META_BY_NAME.get((meta[1] ?? meta[2])!.toLowerCase())!;
      const q = current ?? this.startTop([]);
      const value = lines(rest(meta[0].length));
      if (key === 'points') q.points.push(value);
      else q.meta.set(key, [...(q.meta.get(key) ?? []), ...value]);
      q.last = key;
      return;
    }
    if (OPTION.test(trimmed)) {
      const q = current ?? this.startTop([]);
      const marks = optionMarks(text, at);
      marks.forEach((m, i) => {
        q.options.push(lines(slice(block.tokens, m.end, marks[i + 1]?.start)));
      });
      q.last = 'option';
      return;
    }
    const child = CHILD_NUMBER.exec(trimmed);
    if (child) {
      if (this.inComposite()) this.startChild(lines(rest(child[0].length)));
      else this.startTop(lines(rest(child[0].length)));
      return;
    }
    const numbered = NUMBER.exec(trimmed) ?? (current && current.last !== 'stem' && LOOSE_NUMBER.exec(trimmed));
    if (numbered) {
      this.numbered(lines(rest(numbered[0].length)));
      return;
    }
    if (block.listItem) {
      this.numbered(lines(block.tokens));
      return;
    }
    // Anything else continues what came before; text before the first question (a title, notes) is skipped.
    if (current) this.field(current).push(...lines(block.tokens));
  }

  finish(): ParsedQuestion[] {
    this.closeTop();
    return this.done;
  }

  /** A numbered stem: the stem of a 【复合题】 still without one, a child inside the block, or a new question. */
  private numbered(stem: Token[][]): void {
    const top = this.top;
    if (top?.marker && top.stem.length === 0 && top.children.length === 0 && top.meta.size === 0)
      top.stem.push(...stem);
    else if (top?.marker) this.startChild(stem);
    else this.startTop(stem);
  }

  /** Children follow a question that is composite: by its block, its 题型 line or its section. */
  private inComposite(): boolean {
    const top = this.top;
    if (!top) return false;
    if (top.marker) return true;
    const named = top.meta.get('type');
    const type = named ? typeFromText(named.map(plainText).join('')) : top.section;
    return type === 'composite';
  }

  private startTop(stem: Token[][]): Reading {
    this.closeTop();
    this.top = reading(++this.count, this.section);
    this.top.stem.push(...stem);
    return this.top;
  }

  private startChild(stem: Token[][]): void {
    const top = this.top!;
    this.child = reading(top.children.length + 1, undefined);
    this.child.stem.push(...stem);
    top.children.push(this.child);
  }

  private closeTop(): void {
    const top = this.top;
    this.top = undefined;
    this.child = undefined;
    if (!top) return;
    const built = buildQuestion(rawOf(top), { section: top.section, children: top.children.map(rawOf) });
    this.done.push({ label: { key: 'question.import.item', params: { n: top.n } }, ...built });
  }

  /** The lines a continuation paragraph goes to. */
  private field(q: Reading): Token[][] {
    if (q.last === 'stem') return q.stem;
    if (q.last === 'option') return q.options[q.options.length - 1] ?? q.stem;
    if (q.last === 'points') return q.points[q.points.length - 1] ?? q.stem;
    const list = q.meta.get(q.last) ?? [];
    q.meta.set(q.last, list);
    return list;
  }
}

/** The type a section heading names: a type, '' for a heading that names none we know (…题), else undefined. */
function sectionOf(title: string): TypeGuess | '' | undefined {
  // 单选题（每题 2 分，共 20 分）
  const name = title
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[:：。.\s]+$/, '')
    .trim();
  const type = typeFromText(name);
  if (type) return type;
  return name.endsWith('题') ? '' : undefined;
}

/**
 * Where the options of an option line start and where their text begins: `A. 北京  B. 上海`. A letter counts only
 * after white space and as the next letter in order, so `A. 见图B、C两处` stays one option.
 */
function optionMarks(text: string, at: number): { start: number; end: number }[] {
  const marks: { start: number; end: number; letter: number }[] = [];
  for (const m of text.matchAll(OPTION_MARK)) {
    const start = m.index + m[1]!.length;
    const letter = OPTION_LABELS.indexOf(m[2]!.normalize('NFKC'));
    const previous = marks[marks.length - 1];
    if (previous ? letter === previous.letter + 1 : start === at) {
      marks.push({ start, end: m.index + m[0].length, letter });
    }
  }
  return marks;
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
    type: text('type') || (q.marker ? 'composite' : ''),
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
