import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

/**
 * The corpus's spreadsheets are written as text and built by this script, so that a reviewer reads what each
 * holds: `name.sheet.txt` → `name.xlsx`, and `name.gbk.txt` → `name.csv` in GBK, as Excel saves CSV on Chinese
 * Windows (a CSV in UTF-8 is in the corpus as it is).
 *
 * `name.sheet.txt`: a row a line (an empty line an empty row), cells separated by tabs, `\n` a line break inside
 * a cell; a line `{merge A1:F1}` merges those cells (a title across the sheet) and is no row.
 *
 * Run: npx tsx apps/server/src/modules/question/transfer/corpus/build-sheets.ts
 */

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));

const MERGE = /^\{merge ([A-Z]+[0-9]+:[A-Z]+[0-9]+)\}$/;

/** A sheet's source as its rows of cells and its merged ranges. */
export function sheetSource(source: string): { rows: string[][]; merges: string[] } {
  const rows: string[][] = [];
  const merges: string[] = [];
  for (const line of source.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n')) {
    const merge = MERGE.exec(line);
    if (merge) merges.push(merge[1]!);
    else rows.push(line === '' ? [] : line.split('\t').map((cell) => cell.replaceAll('\\n', '\n')));
  }
  return { rows, merges };
}

/** A sheet's source as an .xlsx: text cells, as a teacher types them. */
export async function xlsxFromSource(source: string): Promise<Buffer> {
  const { rows, merges } = sheetSource(source);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  rows.forEach((cells, i) => {
    cells.forEach((cell, j) => {
      if (cell !== '') sheet.getCell(i + 1, j + 1).value = cell;
    });
  });
  for (const range of merges) sheet.mergeCells(range);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of an .xlsx's first sheet as text, to compare with its source (a merged range's other cells empty). */
export async function xlsxRows(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell((cell, col) => {
      if (cell.type !== ExcelJS.ValueType.Merge) cells[col - 1] = String(cell.value ?? '');
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return trimmed(Array.from(rows, (r) => r ?? []));
}

/** Rows without the empty cells at their ends, which a sheet does not keep. */
export function trimmed(rows: string[][]): string[][] {
  return rows.map((cells) => {
    const out = [...cells];
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  });
}

let gbkCodes: Map<string, number[]> | undefined;

/** Text in GBK (each character's two bytes found by decoding every GBK code once; no encoder in Node). */
export function gbk(text: string): Buffer {
  if (!gbkCodes) {
    gbkCodes = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail !== 0x7f) gbkCodes.set(decoder.decode(Uint8Array.of(lead, trail)), [lead, trail]);
      }
    }
  }
  const codes = gbkCodes;
  return Buffer.from(
    [...text].flatMap((c) => {
      if (c.charCodeAt(0) < 0x80) return [c.charCodeAt(0)];
      const code = codes.get(c);
      if (!code) throw new Error(`not in GBK: ${c}`);
      return code;
    }),
  );
}

/** Writes every name.xlsx and GBK name.csv of the corpus from its source. */
async function buildAll(): Promise<void> {
  for (const name of (await readdir(CORPUS_DIR)).sort()) {
    const source = path.join(CORPUS_DIR, name);
    if (name.endsWith('.sheet.txt')) {
      const target = path.join(CORPUS_DIR, name.replace(/\.sheet\.txt$/, '.xlsx'));
      const old = await readFile(target).catch(() => undefined);
      const text = await readFile(source, 'utf8');
      // Only when its cells changed: an .xlsx carries the time it was written.
      if (!old || JSON.stringify(await xlsxRows(old)) !== JSON.stringify(trimmed(sheetSource(text).rows))) {
        await writeFile(target, await xlsxFromSource(text));
      }
    } else if (name.endsWith('.gbk.txt')) {
      await writeFile(path.join(CORPUS_DIR, name.replace(/\.gbk\.txt$/, '.csv')), gbk(await readFile(source, 'utf8')));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
