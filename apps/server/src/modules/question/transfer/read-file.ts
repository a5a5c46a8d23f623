import type { ImportPlan, ImportSheet } from '@shixun/contracts';
import { readCsv } from './csv.ts';
import { readSheet } from './excel.ts';
import { looksLikeAiken, readAiken } from './formats/aiken.ts';
import { looksLikeGift, readGift } from './formats/gift.ts';
import { convertLegacy } from './formats/legacy-office.ts';
import { looksLikeMoodleXml, readMoodleXml } from './formats/moodle-xml.ts';
import { decodeText, readPlainText } from './formats/plain-text.ts';
import { FileRefused, isOfficeContainer, kindHint, legacyKindOf, openOfficeFile } from './office-file.ts';
import { type ImportPicture, PictureCollector } from './pictures.ts';
import { NoStemColumn } from './sheet-read.ts';
import type { ParsedQuestion, PictureSink } from './types.ts';
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
 * Reads an uploaded question file by its content (an .xlsx named .docx is a workbook, a text file named .docx is
 * text): an Office package (Word or Excel); an old binary Office file (.doc .wps .xls .et) or RTF, converted by
 * LibreOffice first; else text — Moodle XML, GIFT, Aiken, or a paper read as Word's layout; a text file named
 * .csv, a question sheet. `name`, the name it was uploaded under, otherwise only words a refusal when the content
 * cannot tell. Runs in the import worker (import-reader.ts).
 */
export async function readImportFile(file: Buffer, name?: string, options: ReadOptions = {}): Promise<ReadFile> {
  const collector = new PictureCollector();
  const legacy = legacyKindOf(file);
  const text = legacy || isOfficeContainer(file) ? undefined : decodeText(file);
  // CSV is text that only its name tells from a paper: a question sheet, read through the sheet's columns.
  if (text !== undefined && /\.csv$/i.test(name ?? '')) {
    const { questions, sheet } = await columnsRead(() => readCsv(file, options.columns));
    return { questions, pictures: collector.pictures, prefix: collector.prefix, sheet };
  }
  if (text !== undefined) {
    return { questions: await readText(text, collector), pictures: collector.pictures, prefix: collector.prefix };
  }
  const office = legacy ? await convertLegacy(file, legacy) : file;
  const opened = await openOfficeFile(office, kindHint(file, name));
  if (opened.kind === 'docx') {
    return { questions: await readWord(opened, collector), pictures: collector.pictures, prefix: collector.prefix };
  }
  const { questions, sheet } = await columnsRead(() => readSheet(opened, options.columns));
  return { questions, pictures: collector.pictures, prefix: collector.prefix, sheet };
}

/** A sheet read; one without a stem column has no questions yet, only its columns, for the teacher to map. */
async function columnsRead(read: () => Promise<Pick<ReadFile, 'questions' | 'sheet'>>) {
  try {
    return await read();
  } catch (e) {
    if (e instanceof NoStemColumn) return { questions: [], sheet: e.sheet };
    throw e;
  }
}

/** Markup that is no Moodle question bank: another XML document, a web page. */
const MARKUP = /^\s*<(?:\?xml|!doctype|[a-zA-Z][\w:-]*[\s/>])/i;

/** A text file by what it looks like: Moodle XML, GIFT, Aiken, else a paper in Word's layout (LAYOUT.md). */
async function readText(text: string, pictures: PictureSink): Promise<ParsedQuestion[]> {
  if (looksLikeMoodleXml(text)) return readMoodleXml(text, pictures);
  if (MARKUP.test(text)) throw new FileRefused('moodle', 'notQuiz');
  if (looksLikeGift(text)) return readGift(text);
  if (looksLikeAiken(text)) return readAiken(text);
  return readPlainText(text);
}
