import { IMPORT_COLUMN_KEYS, type ImportColumnKey } from '@shixun/contracts';

/**
 * The columns of a question sheet and the header names they are known by: the product's own template (in Chinese
 * and English) and the names other systems' templates and teachers' own sheets use (题目, 正确答案, 选项一,
 * A是否正确 …). Header text is compared loosely (header-key below), so 题 目 and 题目（必填） are 题目.
 */

// Spelled out (not built from OPTION_LABELS) so each is a literal type.
export const OPTION_KEYS = [
  'optionA',
  'optionB',
  'optionC',
  'optionD',
  'optionE',
  'optionF',
  'optionG',
  'optionH',
] as const;
/** Columns saying whether an option is right (选项一是否正确, A是否正确): the answer when none is written. */
export const CORRECT_KEYS = [
  'correctA',
  'correctB',
  'correctC',
  'correctD',
  'correctE',
  'correctF',
  'correctG',
  'correctH',
] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];
export type CorrectKey = (typeof CORRECT_KEYS)[number];
/** A column a sheet may have: the field keys of an import plan's `columns` (ImportPlan, ImportSheet). */
export type ColumnKey = ImportColumnKey;

/** The product's own headers (its template and export), [Chinese, English]. */
export const PRODUCT_HEADERS: Record<Exclude<ColumnKey, OptionKey | CorrectKey>, [zh: string, en: string]> = {
  type: ['题型', 'Type'],
  child: ['组合题小题', 'Child'],
  stem: ['题干', 'Stem'],
  answer: ['答案', 'Answer'],
  analysis: ['解析', 'Analysis'],
  difficulty: ['难度', 'Difficulty'],
  score: ['分值', 'Score'],
  knowledge: ['知识点', 'Knowledge points'],
  source: ['来源', 'Source'],
  discipline: ['学科', 'Discipline'],
  points: ['评分要点', 'Scoring points'],
  itemScores: ['小分', 'Item scores'],
  blankRules: ['填空规则', 'Blank rules'],
  fileTypes: ['文件类型', 'File types'],
  maxSize: ['文件大小上限(MB)', 'Max file size (MB)'],
};

/** Other names of the columns, as other systems' templates and teachers write them. */
const SYNONYMS: Partial<Record<ColumnKey, string[]>> = {
  stem: ['题目', '试题', '试题内容', '题目内容', '题干内容', '问题', '试题题干', 'question', 'questiontext'],
  answer: ['正确答案', '正确选项', '标准答案', '参考答案', '试题答案', '答案内容', 'correctanswer', 'key'],
  type: ['试题类型', '题目类型', '题型名称', 'questiontype'],
  score: ['分数', '得分', '试题分值', '题目分值', 'points', 'mark', 'marks'],
  difficulty: ['难易程度', '难易度', '难度等级', '试题难度', 'level'],
  analysis: ['答案解析', '试题解析', '题目解析', '解答', 'explanation', 'explanations', 'solution'],
  knowledge: ['考点', '知识点名称', 'knowledgepoint', 'knowledge', 'topic', 'tags'],
  source: ['出处', '试题来源', '题目来源'],
  discipline: ['科目', 'subject'],
};

/** How the n-th option (from 0) is named besides 选项A / Option A: 选项一, 选项1, A. */
const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八'];
function optionNames(i: number): string[] {
  const letter = String.fromCharCode(65 + i);
  return [`选项${letter}`, `选项${CHINESE_NUMERALS[i]}`, `选项${i + 1}`, letter, `option${letter}`, `option${i + 1}`];
}

/** Header text compared loosely: width, case and spaces do not matter. */
export function headerKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** Remarks templates add to a header: 题目（必填）, *题干, 分值[数字]. */
function withoutRemarks(key: string): string {
  return key.replace(/[(（[【][^)）\]】]*[)）\]】]/g, '').replace(/[*＊:：]/g, '');
}

const BY_HEADER = new Map<string, ColumnKey>();
for (const [key, names] of Object.entries(PRODUCT_HEADERS)) {
  for (const name of names) BY_HEADER.set(headerKey(name), key as ColumnKey);
}
for (const [key, names] of Object.entries(SYNONYMS)) {
  for (const name of names) if (!BY_HEADER.has(headerKey(name))) BY_HEADER.set(headerKey(name), key as ColumnKey);
}
OPTION_KEYS.forEach((key, i) => {
  for (const name of optionNames(i)) {
    BY_HEADER.set(headerKey(name), key);
    // 选项一是否正确, A是否正确, 选项A正确与否, Option A correct, A is correct.
    for (const suffix of ['是否正确', '正确与否', '是否为正确答案', '是否答案', 'correct', 'iscorrect']) {
      BY_HEADER.set(headerKey(name + suffix), CORRECT_KEYS[i]!);
    }
  }
});

/** The column a header names, or undefined for a header that names none (序号, 章节, an empty cell …). */
export function columnOfHeader(text: string): ColumnKey | undefined {
  const key = headerKey(text);
  if (!key) return undefined;
  return BY_HEADER.get(key) ?? BY_HEADER.get(withoutRemarks(key));
}

/** Every column key, to tell a teacher's mapping (ImportPlan `columns`) from a stray key. */
export const COLUMN_KEYS: ReadonlySet<string> = new Set<string>(IMPORT_COLUMN_KEYS);

/** A correctness cell that marks its option right: Y, 是, 1, √, 正确 … (anything else, or nothing: not right). */
const RIGHT = new Set(['y', 'yes', '是', '1', '√', '✓', '✔', '正确', '对', 't', 'true', 'right', 'correct']);
export function marksRight(cell: string): boolean {
  return RIGHT.has(cell.normalize('NFKC').trim().toLowerCase());
}
