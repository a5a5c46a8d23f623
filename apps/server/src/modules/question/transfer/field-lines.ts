import type { FieldKey } from './fields.ts';

/**
 * The words a field starts with: `答案：` `【答案】` `Answer:` at the start of a line, or later on it
 * (`答案：A　解析：…`, `…一部书。答案：孔子`, `【答案】C【解析】…`). Longer first: 答案解析 is not 答案.
 */

const NAMES: [FieldKey, string[]][] = [
  ['type', ['题型', 'type']],
  ['answer', ['答案', '参考答案', '正确答案', 'answer']],
  ['analysis', ['解析', '答案解析', '试题解析', 'analysis']],
  ['difficulty', ['难度', 'difficulty']],
  ['score', ['分值', '分数', 'score']],
  ['knowledge', ['知识点', '考点', 'knowledge', 'knowledge points']],
  ['source', ['来源', 'source']],
  ['discipline', ['学科', 'discipline']],
  ['points', ['评分要点', 'scoring point', 'scoring points']],
  ['itemScores', ['小分', 'item scores']],
  ['blankRules', ['填空规则', 'blank rules']],
  ['fileTypes', ['文件类型', 'file types']],
  ['maxSize', ['文件大小上限', '文件大小', 'max file size']],
];
/** Parts of an analysis other products tag (【分析】…【详解】…【点睛】…): common words, so only in brackets. */
const TAGGED_ANALYSIS = ['分析', '详解', '点睛', '点评', '解答'];

const BY_NAME = new Map([
  ...NAMES.flatMap(([key, names]) => names.map((n) => [n, key] as const)),
  ...TAGGED_ANALYSIS.map((n) => [n, 'analysis'] as const),
]);
const words = (names: string[]) => [...names].sort((a, b) => b.length - a.length).join('|');
const COLON_WORDS = words(NAMES.flatMap(([, names]) => names));
const TAG_WORDS = words([...BY_NAME.keys()]);
/** Later on a line only the Chinese names: "choose the best answer:" is part of an English stem. */
const LATER_WORDS = words(NAMES.flatMap(([, names]) => names).filter((n) => !/[a-z]/.test(n)));
const FIELD = new RegExp(`^(?:【\\s*(${TAG_WORDS})\\s*】\\s*[:：]?|(${COLON_WORDS})\\s*[:：])\\s*`, 'i');
/** A field later on a line: a tag anywhere, a name with its colon after white space or the end of a sentence. */
const LATER_FIELD = new RegExp(`【\\s*(?:${TAG_WORDS})\\s*】|(?<=[\\s。．？！?!）)])(?:${LATER_WORDS})\\s*[:：]`, 'gi');

export interface FieldStart {
  key: FieldKey;
  /** The characters the field's name takes, with its colon and the white space after it. */
  length: number;
}

/** The field a line starts with. */
export function fieldLine(text: string): FieldStart | undefined {
  const m = FIELD.exec(text);
  if (!m) return undefined;
  return { key: BY_NAME.get((m[1] ?? m[2])!.toLowerCase())!, length: m[0].length };
}

/** Where fields start later on a line, after `from`: `答案：A　解析：…` → the offset of 解析. */
export function laterFields(text: string, from: number): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(LATER_FIELD)) if (m.index > from) found.push(m.index);
  return found;
}

/** The tags of the tagged layouts (【题干】…【选项A】…【答案】…【结束】), where a paragraph holding several is cut. */
export const TAG = new RegExp(`【\\s*(?:题干|选项\\s*[A-HＡ-Ｈ]|结束|${TAG_WORDS})\\s*】`, 'gi');
