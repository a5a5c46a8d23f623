import { fieldLabel, type Locale, translate } from '@shixun/contracts';
import ExcelJS from 'exceljs';
import { looksLikeZip, zipProblem } from '../files/zip.ts';
import { badRequest } from '../http/errors.ts';

/**
 * The one Excel toolkit (users, students, teachers, questions …): sheets written with a header row in the caller's
 * language and formula-proof cells, and uploads read back by that header, within limits.
 */
/** Limits of one import: upload size, what it may unpack to (bytes, parts of the package), and data rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_UNZIPPED = 32 * 1024 * 1024;
export const IMPORT_MAX_PARTS = 5000;
export const IMPORT_MAX_ROWS = 5000;
/** Rows one export may hold; a larger result asks for narrower filters. */
export const EXPORT_MAX_ROWS = 10_000;

/** Sex as the sheet writes it (either language, or the stored number) → the stored number. */
const SEX_BY_TEXT = new Map<string, number>(
  (['zh', 'en'] as const).flatMap((l) =>
    [0, 1, 2].flatMap((n) => [
      [translate(l, `user.sex.${n}`).toLowerCase(), n] as [string, number],
      [String(n), n] as [string, number],
    ]),
  ),
);

export function sexFromText(text: string): number | undefined | null {
  if (text === '') return undefined;
  return SEX_BY_TEXT.get(text.toLowerCase()) ?? null;
}

export function sexLabel(locale: Locale, sex: number): string {
  return translate(locale, `user.sex.${[0, 1, 2].includes(sex) ? sex : 0}`);
}

/**
 * Formula injection: a cell that starts like a formula is opened by a spreadsheet as one (`=HYPERLINK(...)`
 * that leaks data or runs a command). Such text gets a leading apostrophe, which makes it plain text.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The apostrophe our own export added is not part of the value when the file comes back. */
function unneutralise(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A sheet with a bold header row, the given rows as text, and columns wide enough to read. */
export function buildSheet(sheetName: string, header: string[], rows: string[][]): Promise<Buffer> {
  return buildWorkbook([{ name: sheetName, header, rows }]);
}

/** Several such sheets in one workbook (an export with a summary and details). */
export async function buildWorkbook(sheets: { name: string; header: string[]; rows: string[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, header, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(header).font = { bold: true };
    for (const row of rows) sheet.addRow(row.map(neutralise));
    sheet.columns.forEach((column, i) => {
      column.width = Math.min(40, Math.max(12, ...[header[i] ?? '', ...rows.map((r) => r[i] ?? '')].map(width)));
      // Text format keeps phones and dates as typed when the file is filled in and comes back.
      column.numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Display width: a Chinese character takes two columns. */
export function width(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0xff ? 2 : 1;
  return w + 2;
}

/** A template's header: each column's field label in the caller's language. */
export function headerOf(locale: Locale, columns: readonly string[]): string[] {
  return columns.map((c) => fieldLabel(locale, c));
}

/** A cell's value as the text a person sees (dates as YYYY-MM-DD, formulas by their cached result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * Reads the first sheet of an uploaded template whose header row names `columns` (in either language). Refuses
 * (400) anything that is not a real, reasonably sized xlsx with that header row; blank rows are skipped.
 */
export async function readSheet<C extends string>(
  file: Buffer,
  columns: readonly C[],
): Promise<(Record<C, string> & { row: number })[]> {
  const limits = { maxBytes: IMPORT_MAX_UNZIPPED, maxEntries: IMPORT_MAX_PARTS };
  if (!looksLikeZip(file) || zipProblem(file, limits)) throw badRequest('user.import.notXlsx');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest('user.import.notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('user.import.notXlsx');
  const header = sheet.getRow(1);
  const accepted = (['zh', 'en'] as const).map((l) => headerOf(l, columns));
  const headerOk = columns.every((_, i) => {
    const text = cellText(header.getCell(i + 1).value).trim();
    return accepted.some((labels) => labels[i] === text);
  });
  if (!headerOk) throw badRequest('user.import.badHeader');

  const rows: (Record<C, string> & { row: number })[] = [];
  let tooMany = false;
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const values = columns.map((_, i) => unneutralise(cellText(row.getCell(i + 1).value).trim()));
    if (values.every((v) => v === '')) return;
    if (rows.length === IMPORT_MAX_ROWS) {
      tooMany = true;
      return;
    }
    const cells = Object.fromEntries(columns.map((c, i) => [c, values[i]!])) as Record<C, string>;
    rows.push({ row: rowNumber, ...cells });
  });
  if (tooMany) throw badRequest('user.import.tooManyRows', { max: IMPORT_MAX_ROWS });
  if (rows.length === 0) throw badRequest('user.import.empty');
  return rows;
}
