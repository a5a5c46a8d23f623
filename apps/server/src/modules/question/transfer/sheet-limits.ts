import type JSZip from 'jszip';
import { type SheetLimits, sheetProblem } from '../../../core/excel/limits.ts';
import { FileRefused } from './office-file.ts';

/**
 * What a question sheet may hold (core/excel/limits.ts counts it before exceljs reads it): 12,000 rows, 256
 * columns (A–IV), and 200,000 cells, merged cells, cells of named ranges and shared strings each: room for 10,000
 * questions (IMPORT_MAX_QUESTIONS) of up to 20 columns filled.
 */
export const QUESTION_SHEET_LIMITS: SheetLimits = { rows: 12_000, columns: 256, cells: 200_000 };

/** Refuses (FileRefused) a workbook whose sheets, merged cells, named ranges or shared strings exceed the limits. */
export async function checkSheetSizes(zip: JSZip): Promise<void> {
  const problem = await sheetProblem(zip, QUESTION_SHEET_LIMITS);
  if (problem) throw new FileRefused('xlsx', problem.reason, problem.detail);
}
