import type { ImportPlan, ImportSheet } from '@shixun/contracts';
import { readSheet } from './excel.ts';
import { kindHint, openOfficeFile } from './office-file.ts';
import { type ImportPicture, PictureCollector } from './pictures.ts';
import type { ParsedQuestion } from './types.ts';
import { readWord } from './word-read.ts';

/** An import file read: its questions, and its pictures named in their text by `<prefix><index>`. */
export interface ReadFile {
  questions: ParsedQuestion[];
  pictures: ImportPicture[];
  prefix: string;
  /** A spreadsheet's columns as read (found by their headers, or as the plan chose). */
  sheet?: ImportSheet;
}

/** How to read a file: a spreadsheet's columns as the teacher mapped them (the rest of the plan is applied later). */
export type ReadOptions = Pick<ImportPlan, 'columns'>;

/**
 * Reads an uploaded question file, Word or Excel by its content (an .xlsx named .docx is a workbook); `name`, the
 * name it was uploaded under, only words a refusal when the content cannot tell. Runs in the import worker
 * (import-reader.ts).
 */
export async function readImportFile(file: Buffer, name?: string, options: ReadOptions = {}): Promise<ReadFile> {
  const collector = new PictureCollector();
  const opened = await openOfficeFile(file, kindHint(file, name));
  if (opened.kind === 'docx') {
    return { questions: await readWord(opened, collector), pictures: collector.pictures, prefix: collector.prefix };
  }
  const { questions, sheet } = await readSheet(opened, options.columns);
  return { questions, pictures: collector.pictures, prefix: collector.prefix, sheet };
}
