import { applyKey, KeyReader, keyLine, keyTitle, looksLikeKey } from './answer-key.ts';
import { fieldLine, laterFields, TAG } from './field-lines.ts';
import type { FieldKey } from './fields.ts';
import { headingOf, isNotesTitle, isPageMark, type Section } from './headings.ts';
import { isVisible, lines, plainText, slice, type Token } from './html.ts';
import {
  lastQuestionOf,
  looseNumber,
  type Numbered,
  type NumberStyle,
  partNumber,
  passageLabel,
  questionNumber,
} from './numbering.ts';
import { inlineOptions, OPTION_START, optionMarks, optionTexts, tableOptions } from './options.ts';
import { continued, field, firmComposite, has, newReading, type Reading } from './reading.ts';
import type { ParsedQuestion } from './types.ts';
import { type Block, blocksOf, tableRows } from './word-blocks.ts';
import { buildReading, isLoneQuestion } from './word-build.ts';

/**
 * The Word layout (LAYOUT.md) read from the HTML mammoth makes of a .docx, one paragraph at a time: section
 * headings, numbered stems and their parts, options, 答案：/解析：… lines, 【复合题】 blocks, the tagged layouts of
 * other products, reading passages and the answer key at the end. What only the whole document tells (which key
 * entry is whose, whether parts are questions of their own) is decided when it is read (word-build.ts).
 */

const COMPOSITE_START = /^【\s*(?:复合题|组合题)\s*(?:开始)?\s*】$/;
const COMPOSITE_END = /^【\s*(?:复合题|组合题)\s*结束\s*】$/;
const END_TAG = /^【\s*结束\s*】$/;
const STEM_TAG = /^(?:【\s*题干\s*】|题干\s*[:：])\s*/;
const OPTION_TAG = /^(?:【\s*选项\s*[A-HＡ-Ｈ]\s*】|选项\s*[A-HＡ-Ｈ]\s*[:：.、．])\s*/;
const OPTIONS_TAG = /^(?:【\s*选项\s*】|选项\s*[:：])\s*/;
/** `答案：B`, `【答案】√`: an answer of a letter or mark alone on its line. */
const LETTER_ANSWER =
  /^(?:【\s*(?:参考|正确)?答案\s*】|(?:参考|正确)?答案\s*[:：])\s*(?:[A-HＡ-Ｈ]{1,8}|[√×✓✗]|对|错|正确|错误)\s*$/;

/** Reads the paragraphs of a converted .docx into questions (none when it is no question paper). */
export function parseWordHtml(html: string): ParsedQuestion[] {
  const reader = new LayoutReader();
  const blocks = blocksOf(html);
  blocks.forEach((block, i) => {
    for (const piece of tagPieces(block)) reader.read(piece, blocks[i + 1]);
  });
  return reader.finish();
}

/** A paragraph of a tagged layout holding several tags (【题干】…【选项A】…【答案】…), cut before each. */
function tagPieces(block: Block): Block[] {
  if (block.table) return [block];
  const text = plainText(block.tokens);
  const at = text.length - text.trimStart().length;
  if (text[at] !== '【') return [block];
  const starts = [...text.matchAll(TAG)].map((m) => m.index).filter((i) => i > at);
  return [at, ...starts].map((from, i) => ({ ...block, tokens: slice(block.tokens, from, starts[i]) }));
}

class LayoutReader {
  private section: Section | undefined;
  private top: Reading | undefined;
  private child: Reading | undefined;
  /** The number of the last question: the next one is due to have the next. */
  private lastNumber = 0;
  /** Reading the notes before the questions (注意事项): the number of the last note. */
  private notes: number | undefined;
  /** A 题干 tag was seen: the layout names each question's type first, so 题型 starts the next question. */
  private tagged = false;
  private key: KeyReader | undefined;
  private readonly readings: Reading[] = [];
  /** The lines before the first question (the paper's title …): printed again before its key, they are skipped. */
  private readonly preamble = new Set<string>();

  private get current(): Reading | undefined {
    return this.child ?? this.top;
  }

  read(block: Block, next: Block | undefined): void {
    if (this.key) this.key.read(block);
    else if (block.table) this.table(block);
    else if (this.furniture(block, next)) return;
    else this.question(block, next);
    this.top?.original.push(block.table ? tableText(block.tokens) : plainText(block.tokens));
  }

  /** What is not a question's: page numbers, the key, headings, notes, 【复合题】 marks, passage labels. */
  private furniture(block: Block, next: Block | undefined): boolean {
    const text = plainText(block.tokens);
    const at = text.length - text.trimStart().length;
    const line = text.trim();
    if (isPageMark(line) || (this.readings.length > 0 && this.preamble.has(line))) return true;
    const title = keyTitle(line);
    if (title === 'title' || (title === 'field' && next && looksLikeKey(next)) || keyLine(line)) {
      this.startKey();
      if (!title) this.key!.read(block);
      return true;
    }
    // A field line (答案：…, 难度：3) is none of what follows: its question reads it.
    if (fieldLine(line)) return false;
    const heading = headingOf(line, block.listItem, this.section);
    if (heading) {
      this.closeTop();
      this.section = heading;
      this.notes = undefined;
      return true;
    }
    if (this.inNotes(line)) return true;
    if (COMPOSITE_START.test(line)) {
      this.closeTop();
      this.top = newReading(this.section, 'marked');
      return true;
    }
    if (COMPOSITE_END.test(line) || END_TAG.test(line)) {
      this.closeTop();
      return true;
    }
    return this.labelled(line, block.tokens, at);
  }

  /** A line of a question: its stem, options, fields, parts, or the next question. */
  private question(block: Block, next: Block | undefined): void {
    const text = plainText(block.tokens);
    const trimmed = text.trimStart();
    const at = text.length - trimmed.length;
    const rest = (length: number) => slice(block.tokens, at + length);
    const stemTag = STEM_TAG.exec(trimmed);
    const optionTag = OPTION_TAG.exec(trimmed);
    const optionsTag = OPTIONS_TAG.exec(trimmed);
    const part = partNumber(trimmed);
    if (stemTag) this.taggedStem(rest(stemTag[0].length));
    else if (optionTag) this.optionsOf([lines(rest(optionTag[0].length))]);
    else if (optionsTag) this.optionLine(rest(optionsTag[0].length));
    else if (fieldLine(trimmed)) this.fields(block.tokens, at, next);
    else if (OPTION_START.test(trimmed)) this.optionLine(block.tokens);
    else if (!part || !this.part(part, rest(part.length), block)) this.otherLine(block, trimmed, at);
  }

  /** A numbered line (the next question), a passage's first line, or a line of what is being read. */
  private otherLine(block: Block, trimmed: string, at: number): void {
    const current = this.current;
    const inField = current !== undefined && current.last !== 'stem' && current.last !== 'option';
    const numbered =
      questionNumber(trimmed, this.lastNumber + 1) ??
      (current && current.last !== 'stem' ? looseNumber(trimmed) : undefined);
    // In an answer or analysis, 1. 2. 3. below the question's own number are its points, not questions.
    if (numbered && !(inField && numbered.number <= this.lastNumber)) {
      this.numbered(slice(block.tokens, at + numbered.length), numbered.number, block);
    } else if (block.listItem) this.numbered(block.tokens, this.lastNumber + 1, block);
    else if (this.section?.passage && this.startsPassage()) this.passage(block.tokens);
    // Anything else goes on with what came before; text before the first question (a title) is skipped.
    else if (current) this.goOn(current, block.tokens);
    else if (this.readings.length === 0) this.preamble.add(trimmed.trim());
  }

  finish(): ParsedQuestion[] {
    this.closeTop();
    if (this.key)
      applyKey(
        this.key.entries,
        this.readings.flatMap((q) => (q.kind === 'passage' ? q.children : q)),
      );
    const questions = this.readings.map((q, i) => buildReading(q, i + 1));
    // A document of nothing but lone sentences (a plan, a notice) is no question paper.
    return questions.every(isLoneQuestion) ? [] : questions;
  }

  /** The notes before a paper's questions, numbered 1. 2. … until a heading or a question numbered from 1 again. */
  private inNotes(line: string): boolean {
    if (this.notes === undefined) {
      if (!isNotesTitle(line) || this.top || this.readings.length) return false;
      this.notes = 0;
      return true;
    }
    const number = questionNumber(line, this.notes + 1)?.number;
    if (number !== undefined && number <= this.notes) {
      this.notes = undefined;
      return false;
    }
    this.notes = number ?? this.notes;
    return true;
  }

  private startKey(): void {
    this.closeTop();
    this.key = new KeyReader();
  }

  /** 【题干】/题干：a question's stem, or the stem of the question its 题型 line began. */
  private taggedStem(tokens: Token[]): void {
    this.tagged = true;
    const numbered = questionNumber(plainText(tokens), this.lastNumber + 1);
    const stem = numbered ? slice(tokens, numbered.length) : tokens;
    const top = this.top;
    if (top && !this.child && top.stem.length === 0 && top.options.length === 0 && !has(top, 'answer')) {
      this.stemLine(top, stem);
    } else this.stemLine(this.startTop(numbered?.number), stem);
  }

  /**
   * A line of fields (`答案：A　解析：…`): each to the question read, or the answer key it turns out to be. The
   * paragraph's other lines go on with its last field — after a one-letter answer (`答案：B↵解析：…`) they may be
   * fields of their own; an exported reference answer's lines are its text, whatever they start with.
   */
  private fields(tokens: Token[], at: number, next: Block | undefined): void {
    const text = plainText(tokens);
    const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    const letterAnswer = LETTER_ANSWER.test(text.slice(at, lineEnd));
    const starts = [at, ...laterFields(text, at).filter((i) => i < lineEnd || letterAnswer)];
    for (const [i, start] of starts.entries()) {
      const named = fieldLine(text.slice(start))!;
      const value = slice(tokens, start + named.length, starts[i + 1]);
      if (named.key === 'answer' && this.isKey(value, next)) {
        this.startKey();
        this.key!.read({ tokens: slice(tokens, start + named.length), listItem: false, table: false });
        return;
      }
      this.field(named.key, lines(value));
    }
  }

  /**
   * `答案：1.A 2.C 3.A 4.A` after the last question is a key, not its answer; so is `答案：（1）A　（2）B` for a
   * question without parts whose number is among them (with parts, it answers them). `答案：` alone is one when
   * a key follows it.
   */
  private isKey(value: Token[], next: Block | undefined): boolean {
    const text = plainText(value).trim();
    if (!text) return next !== undefined && looksLikeKey(next);
    if (keyLine(text)) return true;
    const top = this.top;
    const numbers = keyLine(text, 'paren');
    return (
      numbers !== undefined && top?.children.length === 0 && top.number !== undefined && numbers.includes(top.number)
    );
  }

  private field(key: FieldKey, value: Token[][]): void {
    const current = this.current;
    const named = current && (has(current, 'answer') || has(current, 'type'));
    const nextQuestion = key === 'type' && this.tagged && current?.stem.length && named;
    // Before any question only 题型 (of a layout naming the type first) starts one: 分数：____ is the paper's header.
    if (!current && key !== 'type') return;
    const q = current && !nextQuestion ? current : this.startTop();
    if (key === 'points') q.points.push(value);
    else field(q, key).push(...value);
    q.last = key;
  }

  /** A line of options: `A. 北京  B. 上海`, `C．… D．…`, `A.5/6B.2/5C.1/6D.1/5`. */
  private optionLine(tokens: Token[]): void {
    const text = plainText(tokens);
    this.optionsOf(optionTexts(tokens, optionMarks(text, text.length - text.trimStart().length)));
  }

  /**
   * Options go to the question read; after parts that are statements (①…②… or （1）…（2）… followed by
   * `A．①②`), to the question the parts belong to.
   */
  private optionsOf(options: Token[][][]): void {
    const top = this.top;
    let q = this.current ?? this.startTop();
    const statements =
      top?.childStyle === 'circled' || options.some((o) => /[①-⑳]|[(（][0-9]+[)）]/.test(o.map(plainText).join('')));
    if (this.child && top && !firmComposite(top) && statements && !top.children.some(answered)) {
      this.child = undefined;
      q = top;
    }
    q.options.push(...options);
    q.last = 'option';
  }

  private table(block: Block): void {
    const current = this.current;
    if (!current) return;
    const options = tableOptions(tableRows(block.tokens));
    if (options) this.optionsOf(options);
    else continued(current).push(block.tokens);
  }

  /**
   * A line numbered （1） or ①: a part of the question read — in a composite whatever its number, else the next
   * part in order — or the next question of a paper numbered （1）（2）. False when it is neither: text of the
   * field read (an answer going on part by part) or of the part before (① inside part （1）).
   */
  private part(part: Numbered, stem: Token[], block: Block): boolean {
    const top = this.top;
    if (!top || (top.kind === 'plain' && top.style === 'paren' && part.style === 'paren')) {
      if (part.style !== 'paren') return false;
      this.stemLine(this.startTop(part.number, 'paren'), stem);
      return true;
    }
    if (top.childStyle && top.childStyle !== part.style) return false;
    if (!firmComposite(top)) {
      const current = this.current!;
      const inField = current.last !== 'stem' && current.last !== 'option';
      if ((current === top && inField) || part.number !== top.children.length + 1) return false;
    }
    this.startChild(stem, part.number, part.style, block);
    return true;
  }

  /** A numbered stem: the stem of a 【复合题】 still without one, a question of a passage or block, or a question. */
  private numbered(stem: Token[], number: number, block: Block): void {
    const top = this.top;
    this.lastNumber = number;
    if (top?.kind === 'marked' && top.stem.length === 0 && top.children.length === 0 && top.meta.size === 0) {
      top.number = number;
      this.stemLine(top, stem);
    } else if (top && top.kind !== 'plain' && !(top.until !== undefined && number > top.until)) {
      this.startChild(stem, number, 'number', block);
    } else this.stemLine(this.startTop(number, 'number'), stem);
  }

  /**
   * A passage starts at its label (A, (B), （一）) or its instructions (阅读下面的文字，完成5～6题). In other
   * sections a （一） before a part's title (（一）古诗文默写) ends the question before it.
   */
  private labelled(line: string, tokens: Token[], at: number): boolean {
    const label = passageLabel(line);
    const numbered = questionNumber(line, this.lastNumber + 1) ?? partNumber(line);
    const until = numbered ? undefined : lastQuestionOf(line);
    const reading = this.section?.passage === true;
    // A letter alone (A, (B), Passage Two) labels a passage only in a reading section; elsewhere it is text.
    const letter = label === line.length && !/^[（(][一二三四五六七八九十]/.test(line);
    if (letter && !reading) return false;
    // （一）阅读下面的材料，回答问题。 are instructions, where （二）名著阅读 is a part's title.
    const instructions = label !== undefined && /^阅读.*[，。,]/.test(line.slice(label));
    if (until !== undefined || instructions || (label !== undefined && reading)) {
      this.passage(slice(tokens, at + (label ?? 0)), until);
      return true;
    }
    if (label === undefined) return false;
    this.closeTop();
    return true;
  }

  /** In a reading section, text where no passage or question is read starts one: first, or after an answer. */
  private startsPassage(): boolean {
    const top = this.top;
    if (!top) return true;
    const last = top.kind === 'passage' ? this.child : this.current;
    return last !== undefined && answered(last);
  }

  private passage(text: Token[], until?: number): void {
    this.closeTop();
    this.top = newReading(this.section, 'passage');
    this.top.until = until;
    this.stemLine(this.top, text);
  }

  private goOn(q: Reading, tokens: Token[]): void {
    if (q.last !== 'stem') {
      continued(q).push(...lines(tokens));
      return;
    }
    if (q === this.child) q.written.push(...lines(tokens));
    this.stemLine(q, tokens);
  }

  /**
   * A paragraph of a stem, whose first line may go on with its options (`…的是（ ）A.① B.②`, `41. A. went B. go`)
   * or its answer (`…一部书。答案：孔子`). Its other lines (Shift+Enter in Word) are the stem's, but for field lines
   * and rows of options from `A.` (two options at least): an exported stem's lines hardly ever start so.
   */
  private stemLine(q: Reading, tokens: Token[]): void {
    const [first, ...others] = lines(tokens);
    if (!first) return;
    const text = plainText(first);
    const fieldAt = laterFields(text, 0)[0];
    const head = fieldAt === undefined ? first : slice(first, 0, fieldAt);
    const headText = plainText(head);
    const options = OPTION_START.test(headText) ? optionMarks(headText, 0) : inlineOptions(headText);
    const stem = options ? slice(head, 0, options[0]!.start) : head;
    if (isVisible(stem)) q.stem.push(stem);
    if (options) this.optionsOf(optionTexts(head, options));
    if (fieldAt !== undefined) this.fields(first, fieldAt, undefined);
    for (const line of others) {
      const lineText = plainText(line);
      const current = this.current ?? q;
      const optionRow = /^[AＡ]\s*[.、．]/.test(lineText) && optionMarks(lineText, 0).length >= 2;
      if (fieldLine(lineText)) this.fields(line, 0, undefined);
      else if (current.last === 'option' ? OPTION_START.test(lineText) : optionRow) this.optionLine(line);
      else continued(current).push(line);
    }
  }

  private startTop(number = this.lastNumber + 1, style?: NumberStyle): Reading {
    this.closeTop();
    const q = newReading(this.section);
    q.number = number;
    q.style = style;
    this.lastNumber = number;
    this.top = q;
    return q;
  }

  private startChild(stem: Token[], number: number, style: NumberStyle, block: Block): void {
    const top = this.top!;
    top.childStyle ??= style;
    const child = newReading(top.section);
    child.number = number;
    child.style = style;
    child.written = lines(block.tokens);
    top.children.push(child);
    this.child = child;
    this.stemLine(child, stem);
  }

  private closeTop(): void {
    // A "passage" without questions is a section's instructions (阅读下列短文，选出最佳选项).
    if (this.top && !(this.top.kind === 'passage' && this.top.children.length === 0)) this.readings.push(this.top);
    this.top = undefined;
    this.child = undefined;
  }
}

/** A table as the teacher sees it in the source: a line a row, cells between bars. */
function tableText(tokens: Token[]): string {
  return tableRows(tokens)
    .map((row) => row.map((cell) => plainText(cell).trim()).join(' | '))
    .join('\n');
}

/** A question that has its options or any field: what comes after it is no longer its stem. */
function answered(q: Reading): boolean {
  return q.options.length > 0 || q.meta.size > 0;
}
