import { readExcel } from './excel.ts';
import { kindHint, openOfficeFile } from './office-file.ts';
import { type ImportPicture, PictureCollector } from './pictures.ts';
import type { ParsedQuestion } from './types.ts';
import { readWord } from './word-read.ts';

/** An import file read: its questions, and its pictures named in their text by `<prefix><index>`. */
export interface ReadFile {
  questions: ParsedQuestion[];
  pictures: ImportPicture[];
  prefix: string;
}

/**
 * Reads an uploaded question file, Word or Excel by its content (an .xlsx named .docx is a workbook); `name`, the
 * name it was uploaded under, only words a refusal when the content cannot tell. Runs in the import worker
 * (import-reader.ts).
 */
export async function readImportFile(file: Buffer, name?: string): Promise<ReadFile> {
  const collector = new PictureCollector();
  const opened = await openOfficeFile(file, kindHint(file, name));
  const questions = opened.kind === 'docx' ? await readWord(opened, collector) : await readExcel(opened);
  return { questions, pictures: collector.pictures, prefix: collector.prefix };
}
