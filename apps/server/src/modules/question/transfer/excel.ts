import {
  IMPORT_MAX_QUESTIONS,
  IMPORT_SAVED_AT_ONCE,
  type ImportSheet,
  type Locale,
  OPTION_LABELS,
  type QuestionDraft,
} from '@shixun/contracts';
import ExcelJS from 'exceljs';
import { IGNORED_SHEET_NODES } from '../../../core/excel/limits.ts';
import { neutralise } from '../../../core/excel/sheet.ts';
import { type ColumnKey, type CorrectKey, OPTION_KEYS, type OptionKey, PRODUCT_HEADERS } from './excel-columns.ts';
import { EXAMPLES } from './excel-examples.ts';
import {
  blanksText,
  choiceText,
  disciplineName,
  fileTypesText,
  itemScoresText,
  judgeText,
  knowledgeText,
  rulesText,
  typeName,
} from './fields.ts';
import { htmlToText } from './html.ts';
import { FileRefused, type OfficePackage, openOfficeFile } from './office-file.ts';
import { checkSheetSizes } from './sheet-limits.ts';
import { readRows, type SheetRow } from './sheet-read.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * Question banks as a spreadsheet: one row per question, a composite question's children in the rows right after
 * it (marked in the 组合题小题 column). Cells hold plain text: rich text is reduced to its lines — pictures,
 * formatting and tables are lost (the help sheet says so; Word keeps them) — an underlined blank is written `____`,
 * and `$…$` formulas travel as typed. Reading (sheet-read.ts) also takes other systems' sheets (excel-columns.ts).
 */

/** The columns the product writes (correctness columns are only read). */
type WrittenKey = Exclude<ColumnKey, CorrectKey>;

interface Column {
  key: WrittenKey;
  zh: string;
  en: string;
  width: number;
  help: Record<Locale, string>;
}

/** A column: its key, width, header in Chinese and English, and what the help sheet says of it. */
function column(
  key: WrittenKey,
  width: number,
  [zh, en]: [zh: string, en: string],
  help: Record<Locale, string>,
): Column {
  return { key, zh, en, width, help };
}

const COLUMNS: Column[] = [
  column('type', 10, PRODUCT_HEADERS.type, {
    zh: '单选题、多选题、判断题、填空题、简答题、组合题、实操题、文件题（也可写 single、multiple 等代码）。不填时按内容判断：有选项为选择题，答案为正确/错误为判断题，否则为简答题。',
    en: 'Single choice, Multiple choice, True or false, Fill in the blank, Short answer, Composite, Practical, File answer (or the codes single, multiple, judge, fill, short, composite, practical, file). Empty: told from the content.',
  }),
  column('child', 8, PRODUCT_HEADERS.child, {
    zh: '填“是”（或 Y、1）表示这一行是上方最近一道组合题的小题；小题须紧跟在组合题之后，不能再是组合题。',
    en: 'Y (or 1) marks the row as a child of the composite question above it; children follow their composite question directly and cannot be composite themselves.',
  }),
  column('stem', 40, PRODUCT_HEADERS.stem, {
    zh: '题目内容，必填。单元格内换行即分段。公式写成 $LaTeX$，如 $\\frac{a}{b}$。',
    en: 'The question, required. A line break in the cell starts a new paragraph. Formulas as $LaTeX$, e.g. $\\frac{a}{b}$.',
  }),
  ...OPTION_KEYS.map((key, i) =>
    column(key, 16, [`选项${OPTION_LABELS[i]}`, `Option ${OPTION_LABELS[i]}`], {
      zh: i === 0 ? '单选题、多选题的选项，至少两个，最多八个（A 至 H），依次填写。' : `第 ${i + 1} 个选项。`,
      en: i === 0 ? 'Options of choice questions: at least two, at most eight (A to H), in order.' : `Option ${i + 1}.`,
    }),
  ),
  column('answer', 24, PRODUCT_HEADERS.answer, {
    zh: '选择题写选项字母，如 A 或 ACD；判断题写 正确/错误（或 对/错、√/×、T/F）；填空题各空之间用“；”分隔，同一空的多个可接受答案用“|”分隔，如 北京；上海|沪；简答题、实操题、文件题写参考答案。',
    en: 'Choice: option letters, e.g. A or ACD. True or false: True/False (or T/F). Fill in the blank: blanks separated by ";", accepted alternatives of one blank by "|", e.g. Beijing; Shanghai|SH. Short answer, practical, file: the reference answer.',
  }),
  column('analysis', 24, PRODUCT_HEADERS.analysis, {
    zh: '答案解析，可不填。',
    en: 'Explanation of the answer, optional.',
  }),
  column('difficulty', 8, PRODUCT_HEADERS.difficulty, {
    zh: '1 至 5 的整数，不填为 3。',
    en: 'A whole number from 1 to 5; empty means 3.',
  }),
  column('score', 8, PRODUCT_HEADERS.score, {
    zh: '0 至 1000，最多一位小数，不填为 0。',
    en: '0 to 1000 with at most one decimal; empty means 0.',
  }),
  column('knowledge', 20, PRODUCT_HEADERS.knowledge, {
    zh: '知识点名称，多个用“；”分隔，层级用“/”，如 机械基础/公差。须是系统中已有的知识点。',
    en: 'Knowledge point names separated by ";", levels by "/", e.g. Mechanics/Tolerance. They must exist in the system.',
  }),
  column('source', 14, PRODUCT_HEADERS.source, {
    zh: '试题来源，可不填。',
    en: 'Where the question comes from, optional.',
  }),
  column('discipline', 10, PRODUCT_HEADERS.discipline, {
    zh: '语文、数学、英语，或不填。',
    en: 'Chinese, Mathematics, English, or empty.',
  }),
  column('points', 24, PRODUCT_HEADERS.points, {
    zh: '简答题的评分要点，每行一条，可不填。',
    en: 'Scoring points of a short-answer question, one per line, optional.',
  }),
  column('itemScores', 10, PRODUCT_HEADERS.itemScores, {
    zh: '填空题每空的分值，或简答题每个评分要点的分值，用“；”分隔，如 2；3。',
    en: 'The score of each blank, or of each scoring point, separated by ";", e.g. 2; 3.',
  }),
  column('blankRules', 16, PRODUCT_HEADERS.blankRules, {
    zh: '填空题判分规则：区分大小写、忽略全半角、忽略空格，同一空的多条用“、”连接，各空之间用“；”分隔；只写一组时用于所有空。',
    en: 'How blanks are marked: case (case sensitive), width (full and half width alike), space (spaces ignored); several for one blank joined by ",", blanks separated by ";"; one set applies to every blank.',
  }),
  column('fileTypes', 12, PRODUCT_HEADERS.fileTypes, {
    zh: '文件题允许上传的扩展名，如 pdf, docx；不填则不限。',
    en: 'Extensions a file-answer question accepts, e.g. pdf, docx; empty means any.',
  }),
  column('maxSize', 10, PRODUCT_HEADERS.maxSize, {
    zh: '文件题上传文件的大小上限，1 至 500。',
    en: 'Largest upload of a file-answer question, 1 to 500.',
  }),
];

const SHEET_NAMES: Record<Locale, { questions: string; help: string }> = {
  zh: { questions: '试题', help: '说明' },
  en: { questions: 'Questions', help: 'Help' },
};

/** General notes above the column list of the help sheet. */
const NOTES: Record<Locale, string[]> = {
  zh: [
    '每行一道试题；组合题的小题写在组合题的下面几行，并在“组合题小题”列填“是”。',
    '单元格中只能写文字，Excel 带不了这些内容：图片、下划线和其他格式（加粗、着重号……）、表格。导出时它们会丢失（下划线空白写成 ____），含有它们的试题请用 Word 导出、导入。公式写成 $LaTeX$。',
    '表头不必在第一行（上面的标题、说明行会被跳过）；其他系统的列名也认得，如 题目、正确答案、试题类型、选项一、A是否正确、分数、难易程度、答案解析、考点；导入时也可以指定每一列是什么。',
    `一次最多导入 ${IMPORT_MAX_QUESTIONS} 道试题（含小题）；超过 ${IMPORT_SAVED_AT_ONCE} 道时在后台分批保存，导入窗口显示进度。也可以导入 CSV 文件（UTF-8 或 GBK 编码），列与本表相同。`,
  ],
  en: [
    'One question per row; the children of a composite question go in the rows below it, marked Y in the Child column.',
    'Cells hold text only. Excel cannot carry pictures, underlining and other formatting (bold, emphasis dots …) or tables: an export loses them (an underlined blank is written ____); export and import questions that have them with Word. Formulas as $LaTeX$.',
    'The header need not be the first row (title and note rows above it are skipped); other systems’ column names are known too (Question, Correct answer, Question type, Option 1, A is correct, Points, Level, Explanation …), and the import lets you say what each column is.',
    `At most ${IMPORT_MAX_QUESTIONS} questions (children included) per import; more than ${IMPORT_SAVED_AT_ONCE} are saved in the background, part by part, and the import window shows the progress. CSV files (UTF-8 or GBK) with the same columns can be imported too.`,
  ],
};

/** The import template: the header, one example per question type, and a help sheet in the caller's language. */
export async function excelTemplate(locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  addQuestionSheet(workbook, EXAMPLES[locale], locale);
  const help = workbook.addWorksheet(SHEET_NAMES[locale].help);
  for (const note of NOTES[locale]) help.addRow([note]);
  help.addRow([]);
  help.addRow(locale === 'zh' ? ['列', '说明'] : ['Column', 'Explanation']).font = { bold: true };
  for (const c of COLUMNS) help.addRow([c[locale], c.help[locale]]);
  help.getColumn(1).width = 20;
  help.getColumn(2).width = 100;
  help.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Questions as the template's sheet, column headers in the caller's language. */
export async function writeExcel(drafts: QuestionDraft[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  addQuestionSheet(workbook, drafts, locale);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addQuestionSheet(workbook: ExcelJS.Workbook, drafts: QuestionDraft[], locale: Locale): void {
  const sheet = workbook.addWorksheet(SHEET_NAMES[locale].questions, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(COLUMNS.map((c) => c[locale])).font = { bold: true };
  for (const draft of drafts) {
    sheet.addRow(rowOf(draft, locale, false));
    for (const child of draft.children) sheet.addRow(rowOf(child, locale, true));
  }
  COLUMNS.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.width;
    // Text format keeps answers like 1；2 or 0.50 as typed when the file is edited and comes back.
    column.numFmt = '@';
    column.alignment = { wrapText: true, vertical: 'top' };
  });
}

function rowOf(draft: QuestionDraft, locale: Locale, child: boolean): string[] {
  const choice = draft.type === 'single' || draft.type === 'multiple';
  const cells: Record<WrittenKey, string> = {
    type: typeName(draft.type, locale),
    child: child ? (locale === 'zh' ? '是' : 'Y') : '',
    stem: cellText(draft.stem),
    ...(Object.fromEntries(
      OPTION_KEYS.map((k, i) => [k, choice ? cellText(draft.items[i]?.content ?? '') : '']),
    ) as Record<OptionKey, string>),
    answer: answerText(draft, locale),
    analysis: cellText(draft.analysis),
    difficulty: String(draft.difficulty),
    score: String(draft.score),
    knowledge: knowledgeText(draft),
    source: draft.source,
    discipline: disciplineName(draft.discipline, locale),
    points: draft.type === 'short' ? draft.items.map((i) => cellText(i.content)).join('\n') : '',
    itemScores: draft.type === 'fill' || draft.type === 'short' ? itemScoresText(draft, locale) : '',
    blankRules: draft.type === 'fill' ? rulesText(draft, locale) : '',
    fileTypes: draft.type === 'file' ? fileTypesText(draft) : '',
    maxSize: draft.type === 'file' && draft.config.maxSizeMb ? String(draft.config.maxSizeMb) : '',
  };
  return COLUMNS.map((c) => neutralise(cells[c.key]));
}

function answerText(draft: QuestionDraft, locale: Locale): string {
  switch (draft.type) {
    case 'single':
    case 'multiple':
      return choiceText(draft);
    case 'judge':
      return judgeText(draft.answer, locale);
    case 'fill':
      return blanksText(draft, locale);
    default:
      return cellText(draft.answer);
  }
}

/**
 * An underline holding nothing but white space or underscores: a blank to fill in, as Word documents and their
 * imports write it (`<u>　　　</u>`). A cell cannot underline, so it is written as the editor's blank, `____`.
 */
const UNDERLINED_BLANK = /<u(?:\s[^>]*)?>(?:[\s\u00a0\u3000_]|&nbsp;|&#160;|&#x0*a0;)+<\/u>/gi;

/** Rich text as a cell's text: its lines, an underlined blank as `____` (htmlToText drops the rest of the styling). */
function cellText(html: string): string {
  return htmlToText(html.replace(UNDERLINED_BLANK, '____'));
}

/**
 * Reads a question sheet — the first sheet of an .xlsx, its header row and columns found as sheet-read.ts says, or
 * `chosen` by the teacher — with its columns as read. Refuses (400) what is not a whole .xlsx within the import's
 * limits (office-file.ts, sheet-limits.ts), a sheet without a stem column or without questions, and more than
 * IMPORT_MAX_QUESTIONS.
 */
export async function readSheet(
  upload: Buffer | OfficePackage,
  chosen?: Record<string, number>,
): Promise<{ questions: ParsedQuestion[]; sheet: ImportSheet }> {
  const { kind, zip, file } = Buffer.isBuffer(upload) ? await openOfficeFile(upload, 'xlsx') : upload;
  if (kind !== 'xlsx') throw new FileRefused('xlsx', 'noMainPart', { part: 'xl/workbook.xml' });
  await checkSheetSizes(zip);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer, { ignoreNodes: IGNORED_SHEET_NODES });
  } catch (e) {
    throw new FileRefused('xlsx', 'unreadable', {}, e);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FileRefused('xlsx', 'unreadable');
  const rows: SheetRow[] = [];
  sheet.eachRow((row, n) => {
    const cells: string[] = [];
    row.eachCell((cell, col) => {
      // A merged range's value is its first cell's: the others (a title across the sheet) are empty.
      if (cell.type === ExcelJS.ValueType.Merge) return;
      cells[col - 1] = valueText(cell.value);
    });
    if (cells.some((c) => c?.trim())) rows.push({ row: n, cells });
  });
  return readRows(rows, chosen);
}

/** A cell's value as the text a person sees (numbers as written, formulas by their cached result). */
function valueText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return valueText((value.result ?? null) as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}
