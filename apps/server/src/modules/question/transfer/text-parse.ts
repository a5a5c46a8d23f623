import { escapeHtml } from './html.ts';
import type { ParsedQuestion } from './types.ts';
import { parseWordHtml } from './word-parse.ts';

/**
 * Plain text (a paper copied out of Word, a .txt question bank) read with the rules of the Word layout: each line
 * is a paragraph, so everything LAYOUT.md says of Word documents holds for text too.
 */
export function parsePlainText(text: string): ParsedQuestion[] {
  const html = text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return parseWordHtml(html);
}
