import { columnName, IMPORT_MAX_QUESTIONS, type ImportSheet, OPTION_LABELS } from '@shixun/contracts';
import { AppError, badRequest } from '../../../core/http/errors.ts';
import { COLUMN_KEYS, CORRECT_KEYS, type ColumnKey, columnOfHeader, marksRight, OPTION_KEYS } from './excel-columns.ts';
import { buildQuestion, emptyRaw, type RawQuestion, typeFromText } from './fields.ts';
import { htmlToText, textToHtml } from './html.ts';
import { judgeOptions } from './options.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * A question sheet as text (an .xlsx's first sheet, a .csv) read into questions: one row per question, a composite
 * question's children in the rows right after it (marked in the 组合题小题 column). The header row is found among
 * the first rows (titles and notes above it are skipped), its columns by their names (excel-columns.ts); a
 * teacher's mapping overrides them.
 */

/**
 * A sheet whose stem column neither a header nor the teacher's mapping names: a 400 that carries the columns as
 * read, so that the import can show them for the teacher to say which column holds the stems.
 */
export class NoStemColumn extends AppError {
  constructor(readonly sheet: ImportSheet) {
    super(400, 'question.import.noStem');
  }
}

/** A row of a sheet that has something in it: its number (from 1, as the spreadsheet shows it) and its cells. */
export interface SheetRow {
  row: number;
  /** Cell text, the first column at 0; a missing cell is an empty string or a hole. */
  cells: string[];
}

/** How far down the header row is looked for. */
export const HEADER_SEARCH_ROWS = 20;

const CHILD_YES = ['是', 'Y', 'YES', '1', 'TRUE', '√', '✓'];

/**
 * The questions of a sheet, and its columns as read. `chosen`: the teacher's mapping (column key → column from 1,
 * 0 = none; ImportPlan `columns`), over the columns found by their headers. Refuses (400) a sheet with nothing in
 * it, one whose stem column neither a header nor the mapping names, one without questions, and more than
 * IMPORT_MAX_QUESTIONS.
 */
export function readRows(
  rows: SheetRow[],
  chosen?: Record<string, number>,
): { questions: ParsedQuestion[]; sheet: ImportSheet } {
  if (rows.length === 0) throw badRequest('question.import.empty');
  const header = findHeader(rows);
  const columns = new Map(header.columns);
  for (const [key, col] of Object.entries(chosen ?? {})) {
    if (!COLUMN_KEYS.has(key)) continue;
    if (col === 0) columns.delete(key as ColumnKey);
    else columns.set(key as ColumnKey, col);
  }
  const sheet: ImportSheet = {
    headerRow: header.row,
    headers: Array.from(header.cells, (h) => h ?? ''),
    columns: Object.fromEntries(columns),
  };
  if (!columns.has('stem')) throw new NoStemColumn(sheet);

  const read: { row: number; child: boolean; raw: RawQuestion; original: string }[] = [];
  for (const { row, cells } of rows) {
    if (row <= header.row) continue;
    const get = (key: ColumnKey): string => {
      const col = columns.get(key);
      return col ? unneutralise((cells[col - 1] ?? '').trim()) : '';
    };
    if ([...columns.keys()].every((key) => get(key) === '')) continue;
    const original = rowText(sheet.headers, cells);
    read.push({ row, child: CHILD_YES.includes(get('child').toUpperCase()), raw: rawOf(get, row), original });
  }
  if (read.length === 0) throw badRequest('question.import.empty');
  if (read.length > IMPORT_MAX_QUESTIONS) throw badRequest('question.import.tooMany', { max: IMPORT_MAX_QUESTIONS });

  const questions: ParsedQuestion[] = [];
  for (let i = 0; i < read.length; i++) {
    const { row, child, raw, original } = read[i]!;
    const label = { key: 'question.import.row' as const, params: { row } };
    if (child) {
      // No composite question right above it: read on its own, and said so.
      const built = buildQuestion(raw, { inComposite: true });
      questions.push({
        label,
        ...built,
        problems: [{ key: 'question.import.childOutside' }, ...built.problems],
        original,
      });
      continue;
    }
    const children: RawQuestion[] = [];
    const lines = [original];
    if (typeFromText(raw.type) === 'composite') {
      while (read[i + 1]?.child) {
        const next = read[++i]!;
        children.push(next.raw);
        lines.push(next.original);
      }
    }
    const built = buildQuestion(raw, { children });
    questions.push({ label, ...built, rebuild: { raw, options: { children } }, original: lines.join('\n\n') });
  }
  return { questions, sheet };
}

/** A row as the teacher reads it in the sheet: each cell that has something, under its column's header. */
function rowText(headers: string[], cells: string[]): string {
  return cells
    .map((cell, i) => (cell.trim() ? `${headers[i]?.trim() || columnName(i + 1)}：${cell.trim()}` : ''))
    .filter(Boolean)
    .join('\n');
}

interface Header {
  row: number;
  cells: string[];
  columns: Map<ColumnKey, number>;
}

/** The columns a row's cells name, each at its first column (from 1). */
function columnsOf(cells: string[]): Map<ColumnKey, number> {
  const found = new Map<ColumnKey, number>();
  cells.forEach((text, i) => {
    const key = columnOfHeader(text ?? '');
    if (key && !found.has(key)) found.set(key, i + 1);
  });
  return found;
}

/**
 * The header row: the first of the first HEADER_SEARCH_ROWS rows that names a stem column and another known
 * column (a title or a note above it names at most one); else the first that names a stem column. When none does,
 * the first row of several cells (a title has one), for the teacher to say which column is what.
 */
function findHeader(rows: SheetRow[]): Header {
  const candidates = rows
    .filter((r) => r.row <= HEADER_SEARCH_ROWS)
    .map((r) => ({ ...r, columns: columnsOf(r.cells) }));
  const named =
    candidates.find((c) => c.columns.has('stem') && c.columns.size >= 2) ??
    candidates.find((c) => c.columns.has('stem'));
  if (named) return named;
  const wide = candidates.find((c) => c.cells.filter((cell) => cell?.trim()).length >= 2);
  const first = wide ?? candidates[0] ?? { ...rows[0]!, columns: columnsOf(rows[0]!.cells) };
  return first;
}

function rawOf(get: (key: ColumnKey) => string, row: number): RawQuestion {
  const options = OPTION_KEYS.map(get);
  // Options up to the last one filled in; a gap before it stays (and is reported as an empty option).
  while (options.length && options[options.length - 1] === '') options.pop();
  const raw: RawQuestion = {
    ...emptyRaw(),
    row,
    type: get('type'),
    stem: textToHtml(get('stem')),
    options: options.map(textToHtml),
    answerText: get('answer') || rightOptions(get),
    answerHtml: textToHtml(get('answer')),
    analysis: textToHtml(get('analysis')),
    difficulty: get('difficulty'),
    score: get('score'),
    knowledge: get('knowledge'),
    source: get('source'),
    discipline: get('discipline'),
    points: get('points')
      .split(/\r?\n/)
      .map(textToHtml)
      .filter((p) => p !== ''),
    itemScores: get('itemScores'),
    blankRules: get('blankRules'),
    fileTypes: get('fileTypes'),
    maxSize: get('maxSize'),
  };
  judgeFromOptions(raw);
  return raw;
}

/** The answer that 选项一是否正确 / A是否正确 columns give: the letters of the options marked right. */
function rightOptions(get: (key: ColumnKey) => string): string {
  return CORRECT_KEYS.map((key, i) => (marksRight(get(key)) ? OPTION_LABELS[i] : '')).join('');
}

/**
 * A true-or-false question written as two options (A 正确, B 错误) and answered by a letter, as other systems'
 * templates do: the options go, the letter becomes what it chose. Only where no other type is named.
 */
function judgeFromOptions(raw: RawQuestion): void {
  const named = raw.type ? typeFromText(raw.type) : undefined;
  if (named !== undefined && named !== 'judge') return;
  const values = judgeOptions(raw.options.map(htmlToText));
  if (!values) return;
  const letter = raw.answerText.trim().normalize('NFKC').toUpperCase();
  raw.options = [];
  if (letter === 'A' || letter === 'B') raw.answerText = values[letter === 'A' ? 0 : 1]!;
}

/** The apostrophe `neutralise` put before formula-like text on export is not part of the value. */
function unneutralise(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
