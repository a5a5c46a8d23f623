import { parsePlainText } from '../text-parse.ts';
import type { ParsedQuestion } from '../types.ts';
import { foundQuestions } from './questions.ts';

/**
 * Text files as teachers have them: saved by Notepad or WPS as UTF-8 (with or without a BOM), as "Unicode" (UTF-16
 * with its BOM), or in the Chinese Windows code page (GBK, read as its superset GB18030).
 */

/** Bytes that no text file holds: NUL and control characters other than tab, line breaks, form feed and escape. */
function isBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  for (const b of head) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) || b === 0x7f) return true;
  }
  return false;
}

/**
 * The text of a file, or undefined when it is no text (binary bytes, a PDF). Without a BOM, bytes that are not
 * valid UTF-8 are GBK: a Chinese file in valid UTF-8 that is really GBK is all but impossible, the other way round
 * common (Notepad before Windows 10 saved GBK).
 */
export function decodeText(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-' || isBinary(bytes)) return undefined;
  try {
    // ignoreBOM: false (the default) drops a UTF-8 BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** A paper as plain text, read by the rules of the Word layout (text-parse.ts); none found is a 400. */
export function readPlainText(text: string): ParsedQuestion[] {
  return foundQuestions(parsePlainText(text));
}
