import type JSZip from 'jszip';
import { SaxesParser } from 'saxes';

/**
 * exceljs builds every row, cell, merged cell and named range of a workbook in memory: a 7 kB upload merging a
 * column keeps it busy for 25 s and 3 GB, a named range over the whole sheet runs it out of memory. The sheets, the
 * workbook's named ranges and the shared strings are therefore counted first and refused past what the import
 * needs. They are read with the XML parser exceljs uses (saxes), so entities, quoting and spacing are seen as
 * exceljs will see them; the XML parts' sizes and depth are bounded before (packageXmlProblem, xml-scan.ts).
 */

/** How far a sheet may reach: rows (and the last row any cell or range may name), columns, cells. */
export interface SheetLimits {
  rows: number;
  columns: number;
  /** Cells with content, merged cells, cells of named ranges, shared strings: each at most this many. */
  cells: number;
}

/** What is past a limit, and the figures a message names. */
export type SheetProblem =
  | { reason: 'sheetTooLarge'; detail: { part: string; ref: string; rows: number; cols: number } }
  | {
      reason: 'tooManyRows' | 'tooManyCells' | 'tooManyMerged' | 'tooManyStrings' | 'rangeTooLarge';
      detail: { part: string; max: number };
    }
  | { reason: 'badXml'; detail: { part: string } };

/**
 * Nodes of a sheet that neither import reads, and that exceljs would otherwise expand cell by cell (a validation
 * list over a whole column costs seconds): passed to `xlsx.load` as `ignoreNodes`.
 */
export const IGNORED_SHEET_NODES = [
  'dataValidations',
  'conditionalFormatting',
  'hyperlinks',
  'autoFilter',
  'tableParts',
  'extLst',
];

/**
 * Parts as exceljs finds them: by a pattern anywhere in the name (`xl/worksheets/sheet1.xml`), or by the exact name
 * after one leading slash.
 */
const WORKSHEET = /xl\/worksheets\/[^/]*\.xml/i;
const named = (name: string) => (entry: JSZip.JSZipObject) => entry.name.replace(/^\//, '') === name;

const RANGE = /\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?/g;

/** The first limit a workbook's sheets, named ranges or shared strings are past; undefined when within them all. */
export async function sheetProblem(zip: JSZip, limits: SheetLimits): Promise<SheetProblem | undefined> {
  const entries = Object.values(zip.files).filter((e) => !e.dir);
  for (const entry of entries.filter((e) => WORKSHEET.test(e.name))) {
    const problem = readPart(entry.name, await entry.async('string'), sheetCounter(entry.name, limits));
    if (problem) return problem;
  }
  for (const entry of entries.filter(named('xl/workbook.xml'))) {
    const problem = readPart(entry.name, await entry.async('string'), namesCounter(entry.name, limits));
    if (problem) return problem;
  }
  for (const entry of entries.filter(named('xl/sharedStrings.xml'))) {
    const problem = readPart(entry.name, await entry.async('string'), stringsCounter(entry.name, limits));
    if (problem) return problem;
  }
  return undefined;
}

/** Gets each start tag (name, attributes) and each piece of text; answers a problem to stop reading. */
interface Counter {
  open(name: string, attributes: Record<string, string>): SheetProblem | undefined;
  text?(text: string): void;
  close?(name: string): SheetProblem | undefined;
}

/** Thrown out of the parser's handlers to stop at the first problem. */
class Stop {
  constructor(readonly problem: SheetProblem) {}
}

function readPart(part: string, xml: string, counter: Counter): SheetProblem | undefined {
  const parser = new SaxesParser();
  const stopIf = (problem: SheetProblem | undefined) => {
    if (problem) throw new Stop(problem);
  };
  parser.on('opentag', (tag) => stopIf(counter.open(tag.name, tag.attributes as Record<string, string>)));
  if (counter.text) parser.on('text', counter.text);
  if (counter.close) parser.on('closetag', (tag) => stopIf(counter.close?.(tag.name)));
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof Stop) return e.problem;
    return { reason: 'badXml', detail: { part } };
  }
  return undefined;
}

/** Rows, cells and merged cells of a sheet; its declared range and every cell's place within the bounds. */
function sheetCounter(part: string, limits: SheetLimits): Counter {
  let rows = 0;
  let cells = 0;
  let merged = 0;
  const outside = (ref: string): SheetProblem | undefined =>
    withinSheet(ref, limits)
      ? undefined
      : { reason: 'sheetTooLarge', detail: { part, ref, rows: limits.rows, cols: limits.columns } };
  return {
    open(name, attributes) {
      if (name === 'dimension' && attributes.ref) return outside(attributes.ref);
      if (name === 'row' && ++rows > limits.rows) return { reason: 'tooManyRows', detail: { part, max: limits.rows } };
      if (name === 'c') {
        if (++cells > limits.cells) return { reason: 'tooManyCells', detail: { part, max: limits.cells } };
        if (attributes.r) return outside(attributes.r);
      }
      if (name === 'mergeCell' && attributes.ref) {
        merged += areaOf(attributes.ref);
        if (merged > limits.cells) return { reason: 'tooManyMerged', detail: { part, max: limits.cells } };
      }
      return undefined;
    },
  };
}

/** The cells all named ranges of the workbook cover together (`Sheet1!$A$1:$C$10,Sheet1!$E$1` → 31). */
function namesCounter(part: string, limits: SheetLimits): Counter {
  let inName = false;
  let text = '';
  let area = 0;
  return {
    open(name) {
      inName = name === 'definedName';
      text = '';
      return undefined;
    },
    text(piece) {
      if (inName) text += piece;
    },
    close(name) {
      if (name !== 'definedName') return undefined;
      inName = false;
      area += areaOf(text);
      return area > limits.cells ? { reason: 'rangeTooLarge', detail: { part, max: limits.cells } } : undefined;
    },
  };
}

function stringsCounter(part: string, limits: SheetLimits): Counter {
  let strings = 0;
  return {
    open(name) {
      return name === 'si' && ++strings > limits.cells
        ? { reason: 'tooManyStrings', detail: { part, max: limits.cells } }
        : undefined;
    },
  };
}

/** Column letters as a number: A = 1, IV = 256, XFD = 16384. */
function columnOf(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

/** Every cell reference or range in `refs` (`A1`, `A1:W2001`, space-separated lists) inside the limits. */
function withinSheet(refs: string, limits: SheetLimits): boolean {
  for (const m of refs.toUpperCase().matchAll(RANGE)) {
    const lastColumn = Math.max(columnOf(m[1]!), columnOf(m[3] ?? m[1]!));
    const lastRow = Math.max(Number(m[2]), Number(m[4] ?? m[2]));
    if (lastColumn > limits.columns || lastRow > limits.rows) return false;
  }
  return true;
}

/** The number of cells the ranges in `refs` cover. */
function areaOf(refs: string): number {
  let area = 0;
  for (const m of refs.toUpperCase().matchAll(RANGE)) {
    const columns = Math.abs(columnOf(m[3] ?? m[1]!) - columnOf(m[1]!)) + 1;
    const rows = Math.abs(Number(m[4] ?? m[2]) - Number(m[2])) + 1;
    area += columns * rows;
  }
  return area;
}
