import JSZip from 'jszip';
import { parseXml } from '../../../core/docx/xml-node.ts';
import { packageXmlProblem } from '../../../core/docx/xml-scan.ts';
import { IMPORT_MAX_PARTS } from '../../../core/excel/sheet.ts';
import { looksLikeZip, zipProblem } from '../../../core/files/zip.ts';
import { AppError } from '../../../core/http/errors.ts';

/**
 * An uploaded question file opened as what it claims to be: an Office Open XML package (a zip of XML parts), whole,
 * within the import's limits, with its content types and main part in place, every XML part shallow enough for
 * the parsers. Anything else is refused with the reason, before mammoth or exceljs see a byte of it.
 */

export type OfficeKind = 'docx' | 'xlsx';
/**
 * What an import file was taken to be, naming a refusal (`question.import.kind.<kind>`): Word, Excel, Moodle XML
 * (text is never refused: a paper without questions has none, `question.import.empty`).
 */
export type FileKind = OfficeKind | 'moodle';

/** Why a file is refused; each is `question.import.reason.<reason>` in the catalog. */
export type RefusalReason =
  | 'notOffice'
  | 'encrypted'
  | 'legacyDoc'
  | 'legacyXls'
  | 'legacyRtf'
  | 'convertFailed'
  | 'convertedTooLarge'
  | 'notQuiz'
  | 'damaged'
  | 'unsupported'
  | 'tooLarge'
  | 'tooManyParts'
  | 'noContentTypes'
  | 'noMainPart'
  | 'untyped'
  | 'wrongType'
  | 'missingPart'
  | 'missingRelationship'
  | 'tooDeep'
  | 'tooManyElements'
  | 'dtd'
  | 'badXml'
  | 'sheetTooLarge'
  | 'tooManyRows'
  | 'tooManyCells'
  | 'tooManyMerged'
  | 'tooManyStrings'
  | 'rangeTooLarge'
  | 'tooSlow'
  | 'tooComplex'
  | 'unreadable';

/**
 * A file the import cannot read, and why. Like any AppError it answers 400 "upload a question file" (naming the
 * kinds read); the
 * import route says instead what is wrong with it (`question.import.invalid`). `kind`: what the file was taken to
 * be (from its content, else its name); undefined when neither tells. `parserError`: what a parser threw, for
 * the log (a parser's words are not the user's).
 */
export class FileRefused extends AppError {
  constructor(
    readonly kind: FileKind | undefined,
    readonly reason: RefusalReason,
    readonly detail: Record<string, string | number> = {},
    readonly parserError?: unknown,
  ) {
    super(400, 'question.import.file');
  }
}

/**
 * A question file's upload and what its package may unpack to: papers carry photos and diagrams, which Office stores
 * as they are (already compressed), so they are allowed far more than the other imports' 5 MB and 32 MB.
 */
export const QUESTION_IMPORT_MAX_BYTES = 30 * 1024 * 1024;
const QUESTION_IMPORT_MAX_UNZIPPED = 96 * 1024 * 1024;

const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const utf16 = (name: string) => Buffer.from(name, 'utf16le');
/** Streams an OLE compound file is told by: a password-protected .docx/.xlsx, or the old binary formats. */
const ENCRYPTED = utf16('EncryptedPackage');
const WORD_97 = utf16('WordDocument');
const EXCEL_97 = [utf16('Workbook'), utf16('Book\u0000')];

/**
 * XML elements in all parts of a package. mammoth spends 50–100 µs and about 1 kB of memory on each (2000 questions
 * as our export writes them: 96,000 elements, 5–10 s); this is room for a wordy 2000-question document written in
 * Word (about 15 elements a paragraph), and 25–50 s and 400 MB at most: within the import worker's budgets
 * (import-reader.ts).
 */
export const IMPORT_MAX_ELEMENTS = 500_000;

const MAIN_PART: Record<OfficeKind, string> = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml' };
/** The main part's declared type: document or template, with or without macros (.docx .dotx .docm, .xlsx …). */
const MAIN_TYPE: Record<OfficeKind, RegExp> = {
  docx: /^application\/vnd\.(?:openxmlformats-officedocument\.wordprocessingml|ms-word)\.[\w.]+\.main\+xml$/i,
  xlsx: /^application\/vnd\.(?:openxmlformats-officedocument\.spreadsheetml|ms-excel)\.[\w.]+\.main\+xml$/i,
};

/** Old formats named by the Office format they stand for: Word 97-2003 and WPS 文字, Excel 97-2003 and WPS 表格. */
const OLD_NAMES: Record<string, OfficeKind> = { doc: 'docx', wps: 'docx', rtf: 'docx', xls: 'xlsx', et: 'xlsx' };

/**
 * What a file seems to be before it is opened: by the part names a zip or the streams an old binary file carries in
 * the clear, else by its name (.doc, .wps and .rtf are Word's, .xls and .et Excel's).
 */
export function kindHint(file: Buffer, name: string | undefined): OfficeKind | undefined {
  if (looksLikeZip(file)) {
    if (file.includes(MAIN_PART.docx)) return 'docx';
    if (file.includes(MAIN_PART.xlsx)) return 'xlsx';
  }
  const legacy = legacyKindOf(file);
  if (legacy) return legacy === 'xls' ? 'xlsx' : 'docx';
  const ext = /\.(docx|xlsx|doc|wps|rtf|xls|et)$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return ext ? (OLD_NAMES[ext] ?? (ext as OfficeKind)) : undefined;
}

/** An old file LibreOffice can turn into a .docx or .xlsx (formats/legacy-office.ts). */
export type LegacyKind = 'doc' | 'xls' | 'rtf';

/**
 * An old binary Office file by its content: an OLE compound file with a Word 97-2003 stream (.doc, and WPS 文字's
 * .wps, which holds the same) or an Excel 97-2003 one (.xls, WPS 表格's .et), not a password-protected package; or
 * an RTF document.
 */
export function legacyKindOf(file: Buffer): LegacyKind | undefined {
  if (file.subarray(0, 5).toString('latin1') === '{\\rtf') return 'rtf';
  if (!file.subarray(0, CFB.length).equals(CFB) || file.includes(ENCRYPTED)) return undefined;
  if (file.includes(WORD_97)) return 'doc';
  if (EXCEL_97.some((name) => file.includes(name))) return 'xls';
  return undefined;
}

/** A zip or an OLE compound file: a container only the Office path reads (or refuses), never text. */
export function isOfficeContainer(file: Buffer): boolean {
  return looksLikeZip(file) || file.subarray(0, CFB.length).equals(CFB);
}

/** An uploaded file opened and checked: what it is by its content, its parts, its bytes. */
export interface OfficePackage {
  kind: OfficeKind;
  zip: JSZip;
  file: Buffer;
}

/**
 * Opens an uploaded file as an Office package. `hint`: what the caller takes it for, used to word a refusal when
 * the content cannot tell. The kind returned is the content's: an .xlsx named .docx is a workbook.
 */
export async function openOfficeFile(file: Buffer, hint?: OfficeKind): Promise<OfficePackage> {
  if (file.subarray(0, CFB.length).equals(CFB)) throw compoundFileRefusal(file, hint);
  if (!looksLikeZip(file)) throw new FileRefused(hint, 'notOffice');
  const guess = kindHint(file, undefined) ?? hint;
  const problem = zipProblem(file, { maxBytes: QUESTION_IMPORT_MAX_UNZIPPED, maxEntries: IMPORT_MAX_PARTS });
  if (problem === 'tooLarge') {
    throw new FileRefused(guess, 'tooLarge', { mb: QUESTION_IMPORT_MAX_UNZIPPED / 1024 / 1024 });
  }
  if (problem === 'tooManyEntries') throw new FileRefused(guess, 'tooManyParts', { max: IMPORT_MAX_PARTS });
  if (problem) throw new FileRefused(guess, problem);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw new FileRefused(guess, 'damaged');
  }
  const kind = zip.file(MAIN_PART.docx) ? 'docx' : zip.file(MAIN_PART.xlsx) ? 'xlsx' : undefined;
  if (!kind) {
    const part = guess ? MAIN_PART[guess] : `${MAIN_PART.docx} / ${MAIN_PART.xlsx}`;
    throw new FileRefused(guess, 'noMainPart', { part });
  }
  await checkParts(zip, kind);
  await checkContentTypes(zip, kind);
  return { kind, zip, file };
}

/**
 * An OLE compound file: a password-protected Office file, an old .doc/.xls (read here only when LibreOffice was not
 * there to convert it: read-file.ts), or something else altogether.
 */
function compoundFileRefusal(file: Buffer, hint: OfficeKind | undefined): FileRefused {
  if (file.includes(ENCRYPTED)) return new FileRefused(hint, 'encrypted');
  if (file.includes(WORD_97)) return new FileRefused('docx', 'legacyDoc');
  if (EXCEL_97.some((name) => file.includes(name))) return new FileRefused('xlsx', 'legacyXls');
  return new FileRefused(hint, 'notOffice');
}

/**
 * Every XML part (and relationship list) balanced, without a DTD and no deeper than the parsers can take; all of
 * them together within IMPORT_MAX_ELEMENTS.
 */
async function checkParts(zip: JSZip, kind: OfficeKind): Promise<void> {
  const problem = await packageXmlProblem(zip, IMPORT_MAX_ELEMENTS);
  if (problem) throw new FileRefused(kind, problem.reason, problem.detail);
}

/** `[Content_Types].xml` is there and declares the main part as a document (or workbook) of its kind. */
async function checkContentTypes(zip: JSZip, kind: OfficeKind): Promise<void> {
  const xml = await zip.file('[Content_Types].xml')?.async('string');
  if (xml === undefined) throw new FileRefused(kind, 'noContentTypes');
  const types = parseXml(xml).find((n) => n.name === 'Types');
  const main = `/${MAIN_PART[kind]}`;
  const override = types?.children.find(
    (n) => typeof n !== 'string' && n.name === 'Override' && n.attrs.PartName?.toLowerCase() === main,
  );
  if (!override || typeof override === 'string') throw new FileRefused(kind, 'untyped', { part: MAIN_PART[kind] });
  const type = override.attrs.ContentType ?? '';
  if (!MAIN_TYPE[kind].test(type)) {
    throw new FileRefused(kind, 'wrongType', { part: MAIN_PART[kind], type: type.slice(0, 100) });
  }
}
