import { fieldLabel, type Locale, translate } from '@shixun/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { packageXmlProblem } from '../docx/xml-scan.ts';
import { looksLikeZip, zipProblem } from '../files/zip.ts';
import { badRequest } from '../http/errors.ts';
import { IGNORED_SHEET_NODES, type SheetLimits, sheetProblem } from './limits.ts';

/**
 * The one Excel toolkit (users, students, teachers, questions …): sheets written with a header row in the caller's
 * language and formula-proof cells, and uploads read back by that header, within limits.
 */
/** Limits of one import: upload size, what it may unpack to (bytes, parts of the package), and data rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_UNZIPPED = 32 * 1024 * 1024;
export const IMPORT_MAX_PARTS = 5000;
export const IMPORT_MAX_ROWS = 5000;
/**
 * What a roster sheet (users, students, teachers) may hold before exceljs reads it, on the request thread: XML
 * elements in all parts (exceljs spends 1.5-3 µs on each), and rows, columns and cells (limits.ts). Rows: twice
 * the import's, so that a sheet a little too long, or with formatted rows below its data, hears "at most 5000
 * rows" from readSheet; columns: the widest template has 10; cells: 5000 rows of 20.
 */
export const IMPORT_MAX_ELEMENTS = 500_000;
export const IMPORT_SHEET_LIMITS: SheetLimits = { rows: 2 * IMPORT_MAX_ROWS, columns: 64, cells: 100_000 };
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

const notXlsx = () => badRequest('user.import.notXlsx');

/** Parts of a package exceljs parses as XML, found as it finds them: by a pattern anywhere in the name. */
const EXCELJS_XML_PARTS = /\.(?:xml|rels|vml)/i;

/**
 * An upload read by exceljs once it is known to be a whole xlsx within the import's limits; else a 400 that says
 * which limit, or that the file is no xlsx (not a zip, damaged, parts missing, what exceljs cannot read).
 */
async function openWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  if (!looksLikeZip(file)) throw notXlsx();
  const problem = zipProblem(file, { maxBytes: IMPORT_MAX_UNZIPPED, maxEntries: IMPORT_MAX_PARTS });
  if (problem === 'tooLarge') throw badRequest('user.import.limit.unpacked', { mb: IMPORT_MAX_UNZIPPED / 1024 / 1024 });
  if (problem === 'tooManyEntries') throw badRequest('user.import.limit.parts', { max: IMPORT_MAX_PARTS });
  if (problem) throw notXlsx();
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw notXlsx();
  }
  if (!zip.file('[Content_Types].xml') || !zip.file('xl/workbook.xml')) throw notXlsx();
  const xml = await packageXmlProblem(zip, IMPORT_MAX_ELEMENTS, EXCELJS_XML_PARTS);
  if (xml?.reason === 'tooDeep' || xml?.reason === 'tooManyElements') {
    throw badRequest(`user.import.limit.${xml.reason}`, xml.detail);
  }
  if (xml) throw notXlsx();
  const sheets = await sheetProblem(zip, IMPORT_SHEET_LIMITS);
  if (sheets?.reason === 'badXml') throw notXlsx();
  if (sheets) throw badRequest(`user.import.limit.${sheets.reason}`, sheets.detail);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer, { ignoreNodes: IGNORED_SHEET_NODES });
  } catch {
    throw notXlsx();
  }
  return workbook;
}

/**
 * Reads the first sheet of an uploaded template whose header row names `columns` (in either language). Refuses
 * (400) anything that is not a real xlsx within the import's limits with that header row; blank rows are skipped.
 */
export async function readSheet<C extends string>(
  file: Buffer,
  columns: readonly C[],
): Promise<(Record<C, string> & { row: number })[]> {
  const workbook = await openWorkbook(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notXlsx();
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
