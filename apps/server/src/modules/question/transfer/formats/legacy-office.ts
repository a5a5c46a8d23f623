import { IMPORT_MAX_BYTES } from '../../../../core/excel/sheet.ts';
import { ConversionFailed, convertBytes, findSoffice } from '../../../../core/files/soffice.ts';
import { FileRefused, type LegacyKind } from '../office-file.ts';

/**
 * Old binary files — Word 97-2003 .doc and WPS 文字 .wps, Excel 97-2003 .xls and WPS 表格 .et, and RTF — turned into
 * a .docx or .xlsx by LibreOffice, then read as those are. Without LibreOffice they are refused, saying how to go
 * on. Runs in the import worker (import-reader.ts); soffice is a child process of its own, so the conversion
 * holds no thread, and it ends well within the worker's time limit (its process group killed at the limit).
 */

/** A conversion's time limit: half the worker's (60 s), so that the file is still read after a slow one. */
export const CONVERT_TIME_LIMIT_MS = 30_000;
/** The converted file is refused unread past this: compressed XML, far beyond what an upload's content becomes. */
export const CONVERTED_MAX_BYTES = 4 * IMPORT_MAX_BYTES;

const HOW: Record<LegacyKind, { filter: string; to: { ext: string; filter: string } }> = {
  doc: { filter: 'MS Word 97', to: { ext: 'docx', filter: 'MS Word 2007 XML' } },
  rtf: { filter: 'Rich Text Format', to: { ext: 'docx', filter: 'MS Word 2007 XML' } },
  xls: { filter: 'MS Excel 97', to: { ext: 'xlsx', filter: 'Calc MS Excel 2007 XML' } },
};

const MISSING: Record<LegacyKind, 'legacyDoc' | 'legacyXls' | 'legacyRtf'> = {
  doc: 'legacyDoc',
  rtf: 'legacyRtf',
  xls: 'legacyXls',
};

/**
 * The file as a .docx (a .doc, .wps or .rtf) or an .xlsx (an .xls or .et). `soffice`: LibreOffice (the `SOFFICE`
 * setting as the server reads it: config.ts), null when there is none.
 */
export async function convertLegacy(
  file: Buffer,
  kind: LegacyKind,
  soffice: string | null = findSoffice(process.env.SOFFICE),
): Promise<Buffer> {
  const officeKind = kind === 'xls' ? 'xlsx' : 'docx';
  if (!soffice) throw new FileRefused(officeKind, MISSING[kind]);
  const how = HOW[kind];
  try {
    return await convertBytes(soffice, file, {
      from: kind,
      to: how.to,
      filter: how.filter,
      timeoutMs: CONVERT_TIME_LIMIT_MS,
      maxBytes: CONVERTED_MAX_BYTES,
    });
  } catch (e) {
    // Anything else (no temporary directory …) is the server's failure, not the file's.
    if (!(e instanceof ConversionFailed)) throw e;
    if (e.reason === 'timeout') throw new FileRefused(officeKind, 'tooSlow', { seconds: CONVERT_TIME_LIMIT_MS / 1000 });
    if (e.reason === 'tooLarge') {
      throw new FileRefused(officeKind, 'convertedTooLarge', { mb: CONVERTED_MAX_BYTES / 1024 / 1024 });
    }
    throw new FileRefused(officeKind, 'convertFailed');
  }
}
