import { type FieldKey, typeFromText } from './fields.ts';
import type { Section } from './headings.ts';
import { plainText, type Token } from './html.ts';
import type { NumberStyle } from './numbering.ts';

/** A question while the paragraphs of a document are read. Each field is a list of lines (inline tokens). */
export interface Reading {
  /** The number the file gives it (`5．`, `第5题`, its place in Word's numbering), which an answer key refers to. */
  number?: number;
  /** How the file numbers it: a paper numbered （1）（2） has no parts of that style. */
  style?: NumberStyle;
  section: Section | undefined;
  /**
   * plain: a question, whose （1）（2） parts stay a composite only when they carry answers or scores of their own;
   * marked: opened by 【复合题】; passage: a passage of a reading section, its questions following.
   */
  kind: 'plain' | 'marked' | 'passage';
  /** A passage's last question, as its instructions say (完成5～6题): the questions after it are not its own. */
  until?: number;
  stem: Token[][];
  options: Token[][][];
  meta: Map<FieldKey, Token[][]>;
  points: Token[][][];
  children: Reading[];
  /** How its children are numbered: a line numbered otherwise is text of the child before. */
  childStyle?: NumberStyle;
  /** A child's lines as the file wrote them, number included: its parent's stem, if it stays one question. */
  written: Token[][];
  /** Where a paragraph without a marker of its own continues. */
  last: 'stem' | 'option' | FieldKey;
  /** Its paragraphs as the file has them (a top-level question's, its parts' included), shown beside the preview. */
  original: string[];
}

export function newReading(section: Section | undefined, kind: Reading['kind'] = 'plain'): Reading {
  return {
    section,
    kind,
    stem: [],
    options: [],
    meta: new Map(),
    points: [],
    children: [],
    written: [],
    last: 'stem',
    original: [],
  };
}

/** The lines a paragraph without a marker of its own goes on: the field read last. */
export function continued(q: Reading): Token[][] {
  if (q.last === 'stem') return q.stem;
  if (q.last === 'option') return q.options[q.options.length - 1] ?? q.stem;
  if (q.last === 'points') return q.points[q.points.length - 1] ?? q.stem;
  return field(q, q.last);
}

/** A field's lines, created empty when missing. */
export function field(q: Reading, key: FieldKey): Token[][] {
  let list = q.meta.get(key);
  if (!list) {
    list = [];
    q.meta.set(key, list);
  }
  return list;
}

export function has(q: Reading, key: FieldKey): boolean {
  return (q.meta.get(key)?.length ?? 0) > 0;
}

/** Children of a 【复合题】 block, a passage, or a question its 题型 or section calls composite: kept as they are. */
export function firmComposite(q: Reading): boolean {
  if (q.kind !== 'plain') return true;
  const named = q.meta.get('type');
  const type = named ? typeFromText(named.map(plainText).join('')) : q.section?.type;
  return type === 'composite';
}
