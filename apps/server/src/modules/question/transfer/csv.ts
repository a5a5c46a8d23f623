import { IMPORT_MAX_QUESTIONS, type ImportSheet } from '@shixun/contracts';
import { badRequest } from '../../../core/http/errors.ts';
import { QUESTION_SHEET_LIMITS } from './sheet-limits.ts';
import { readRows, type SheetRow } from './sheet-read.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * A question sheet saved as CSV, read through the same columns as an .xlsx (sheet-read.ts). Excel in China saves
 * CSV in GBK unless told otherwise, and as UTF-8 with a BOM when it is: both are read.
 */

/**
 * Reads a .csv question sheet (the same shape as excel.ts readSheet); refuses (400) what sheet-read.ts refuses,
 * and a file past the limits of a question sheet (sheet-limits.ts) as too many questions.
 */
export async function readCsv(
  file: Buffer,
  chosen?: Record<string, number>,
): Promise<{ questions: ParsedQuestion[]; sheet: ImportSheet }> {
  return readRows(csvRows(decodeCsv(file)), chosen);
}

/** The text of a CSV file: UTF-8 (a BOM or none), UTF-16 with its BOM, else GB18030 (GBK's superset). */
export function decodeCsv(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return new TextDecoder('utf-16le').decode(file.subarray(2));
  if (file[0] === 0xfe && file[1] === 0xff) return new TextDecoder('utf-16be').decode(file.subarray(2));
  try {
    // `fatal`: bytes that are not UTF-8 throw instead of becoming U+FFFD, so GBK is told from UTF-8.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return new TextDecoder('gb18030').decode(file);
  }
}

/**
 * CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and doubled quotes) as the rows that
 * have something in them, numbered as a spreadsheet shows them (a record holding a line break is one row). The
 * separator is a comma; a tab when the first line has tabs and no comma (Excel's "Unicode text").
 */
export function csvRows(text: string): SheetRow[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  let cellCount = 0;
  // Past the limits of an .xlsx (sheet-limits.ts) a file holds far more than IMPORT_MAX_QUESTIONS questions.
  const tooLarge = () => badRequest('question.import.tooMany', { max: IMPORT_MAX_QUESTIONS });
  const endCell = () => {
    cells.push(cell);
    cell = '';
    if (cells.length > QUESTION_SHEET_LIMITS.columns || ++cellCount > QUESTION_SHEET_LIMITS.cells) throw tooLarge();
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c.trim() !== '')) rows.push({ row, cells });
    if (++row > QUESTION_SHEET_LIMITS.rows) throw tooLarge();
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell.trim() === '') {
      // A quote opens a quoted field only at its start (white space before it is dropped, as spreadsheets do).
      cell = '';
      quoted = true;
    } else if (c === separator) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || cells.length) endRow();
  return rows;
}
