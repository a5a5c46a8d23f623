import type JSZip from 'jszip';
import { FileRefused } from './office-file.ts';

/**
 * exceljs builds every row, cell, merged cell and named range of a workbook in memory: a 200 kB upload declaring
 * cells in column XFD of 200,000 rows, or a range over the whole sheet, keeps it busy for minutes. The parts are
 * counted first (one pass over their text) and refused past what a question sheet needs: 2000 questions of 23
 * columns are 46,000 cells.
 */

/** Rows of a sheet, and how far its cells and ranges may reach: 10,000 rows, 256 columns (A–IV). */
export const SHEET_MAX_ROWS = 10_000;
export const SHEET_MAX_COLUMNS = 256;
/** Cells with content, merged cells, cells of named ranges, shared strings: each at most this many. */
export const SHEET_MAX_CELLS = 200_000;

/**
 * Nodes of a sheet the question import does not read, and that exceljs would otherwise expand cell by cell
 * (a validation list over a whole column costs seconds): passed to `xlsx.load` as `ignoreNodes`.
 */
export const IGNORED_SHEET_NODES = [
  'dataValidations',
  'conditionalFormatting',
  'hyperlinks',
  'autoFilter',
  'tableParts',
  'extLst',
];

const RANGE = /\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?/g;

/** Refuses (FileRefused) a workbook whose sheets, merged cells, named ranges or shared strings exceed the limits. */
export async function checkSheetSizes(zip: JSZip): Promise<void> {
  for (const entry of Object.values(zip.files)) {
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) checkSheet(entry.name, await entry.async('string'));
  }
  const workbook = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
  let named = 0;
  for (const [, ranges] of workbook.matchAll(/<definedName\b[^>]*>([^<]*)<\/definedName>/g)) {
    named += areaOf(ranges!);
  }
  if (named > SHEET_MAX_CELLS) throw refused('rangeTooLarge', 'xl/workbook.xml', { max: SHEET_MAX_CELLS });
  const strings = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '';
  if (count(strings, /<si[\s>/]/g) > SHEET_MAX_CELLS) {
    throw refused('tooManyStrings', 'xl/sharedStrings.xml', { max: SHEET_MAX_CELLS });
  }
}

function checkSheet(part: string, xml: string): void {
  const dimension = /<dimension\b[^>]*\bref="([^"]*)"/.exec(xml)?.[1];
  if (dimension && !withinSheet(dimension)) {
    throw refused('sheetTooLarge', part, { ref: dimension, rows: SHEET_MAX_ROWS, cols: SHEET_MAX_COLUMNS });
  }
  if (count(xml, /<row[\s>/]/g) > SHEET_MAX_ROWS) throw refused('tooManyRows', part, { max: SHEET_MAX_ROWS });
  if (count(xml, /<c[\s>/]/g) > SHEET_MAX_CELLS) throw refused('tooManyCells', part, { max: SHEET_MAX_CELLS });
  for (const [, ref] of xml.matchAll(/<c\b[^>]*?\br="([^"]*)"/g)) {
    if (!withinSheet(ref!)) {
      throw refused('sheetTooLarge', part, { ref: ref!, rows: SHEET_MAX_ROWS, cols: SHEET_MAX_COLUMNS });
    }
  }
  let merged = 0;
  for (const [, ref] of xml.matchAll(/<mergeCell\b[^>]*\bref="([^"]*)"/g)) merged += areaOf(ref!);
  if (merged > SHEET_MAX_CELLS) throw refused('tooManyMerged', part, { max: SHEET_MAX_CELLS });
}

function refused(
  reason: 'sheetTooLarge' | 'tooManyRows' | 'tooManyCells' | 'tooManyMerged' | 'tooManyStrings' | 'rangeTooLarge',
  part: string,
  detail: Record<string, string | number>,
): FileRefused {
  return new FileRefused('xlsx', reason, { part, ...detail });
}

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
}

/** Column letters as a number: A = 1, IV = 256, XFD = 16384. */
function columnOf(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

/** Every cell reference or range in `refs` (`A1`, `A1:W2001`, space-separated lists) inside the limits. */
function withinSheet(refs: string): boolean {
  for (const m of refs.matchAll(RANGE)) {
    const lastColumn = Math.max(columnOf(m[1]!), columnOf(m[3] ?? m[1]!));
    const lastRow = Math.max(Number(m[2]), Number(m[4] ?? m[2]));
    if (lastColumn > SHEET_MAX_COLUMNS || lastRow > SHEET_MAX_ROWS) return false;
  }
  return true;
}

/** The number of cells the ranges in `refs` cover (`Sheet1!$A$1:$C$10,Sheet1!$E$1` → 31). */
function areaOf(refs: string): number {
  let area = 0;
  for (const m of refs.matchAll(RANGE)) {
    const columns = Math.abs(columnOf(m[3] ?? m[1]!) - columnOf(m[1]!)) + 1;
    const rows = Math.abs(Number(m[4] ?? m[2]) - Number(m[2])) + 1;
    area += columns * rows;
  }
  return area;
}
