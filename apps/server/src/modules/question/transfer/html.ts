/**
 * Just enough HTML for question text: a flat token list (tags and decoded text, core/docx/html-tokens.ts) that the
 * Word reader cuts at markers like `A.` or `答案：` without breaking tags, and the plain-text forms Excel cells hold.
 */
import {
  attrOf,
  escapeAttr,
  escapeHtml,
  formulasAsText,
  serialize,
  type Token,
  tokenize,
} from '../../../core/docx/html-tokens.ts';

export {
  attrOf,
  decodeEntities,
  escapeAttr,
  escapeHtml,
  formulasAsText,
  matchingClose,
  serialize,
  type Token,
  tokenize,
} from '../../../core/docx/html-tokens.ts';

/** Elements that end a line of text. */
export const BLOCKS = new Set([
  ...['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'tr', 'table', 'blockquote', 'pre'],
  ...['figure', 'figcaption', 'caption'],
]);
/** Stands for a picture in plain text, so positions and trimming count it as content. */
export const PICTURE = '\ufffc';

/** The characters a token stands for in plain text: its text, a line break, a picture, or nothing (a tag). */
function charsOf(t: Token): string {
  if (t.kind === 'text') return t.text;
  if (t.kind === 'void' && t.name === 'br') return '\n';
  if (t.kind === 'void' && t.name === 'img') return PICTURE;
  return '';
}

/** Inline tokens as plain text: `<br>` is a newline and a picture is PICTURE, so offsets line up with slice(). */
export function plainText(tokens: Token[]): string {
  return tokens.map(charsOf).join('');
}

/** Text, a picture or a formula: something a person would see. */
export function isVisible(tokens: Token[]): boolean {
  return plainText(tokens).replace(/\s/g, '') !== '' || tokens.some((t) => t.kind !== 'text' && t.name === 'table');
}

/**
 * The part of inline tokens between two plain-text offsets, trimmed of white space, with the tags that were open
 * at the cut reopened and the ones left open closed: `<b>答案：A</b>` from 3 → `<b>A</b>`.
 */
export function slice(tokens: Token[], from: number, to = Number.POSITIVE_INFINITY): Token[] {
  const text = plainText(tokens);
  let start = Math.max(0, from);
  let end = Math.min(text.length, to);
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const reopened: Token[] = [];
  const inside: Token[] = [];
  let pos = 0;
  for (const t of tokens) {
    const chars = charsOf(t);
    if (chars) {
      if (t.kind === 'text') {
        const s = Math.max(start - pos, 0);
        const e = Math.min(end - pos, chars.length);
        if (e > s) inside.push({ kind: 'text', text: chars.slice(s, e) });
      } else if (pos >= start && pos < end) inside.push(t);
      pos += chars.length;
      continue;
    }
    const before = pos < start || (pos === start && t.kind === 'close');
    const after = pos > end || (pos === end && t.kind !== 'close');
    if (before) {
      if (t.kind === 'open') reopened.push(t);
      else if (t.kind === 'close') {
        const i = reopened.map((o) => o.kind === 'open' && o.name).lastIndexOf(t.name);
        if (i >= 0) reopened.splice(i);
      }
    } else if (!after) inside.push(t);
  }
  return balance([...reopened, ...inside]);
}

/** Closes what is left open, drops stray closing tags and empty elements (`<b></b>`). */
function balance(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const open: string[] = [];
  const close = (name: string) => {
    const last = out[out.length - 1];
    if (last?.kind === 'open' && last.name === name) out.pop();
    else out.push({ kind: 'close', name });
  };
  for (const t of tokens) {
    if (t.kind === 'open') {
      open.push(t.name);
      out.push(t);
    } else if (t.kind === 'close') {
      const i = open.lastIndexOf(t.name);
      if (i < 0) continue;
      while (open.length > i) close(open.pop()!);
    } else out.push(t);
  }
  while (open.length) close(open.pop()!);
  return out;
}

/** Inline tokens cut at line breaks into trimmed lines; lines with nothing to see are left out. */
export function lines(tokens: Token[]): Token[][] {
  const text = plainText(tokens);
  const out: Token[][] = [];
  let from = 0;
  for (const part of text.split('\n')) {
    const line = slice(tokens, from, from + part.length);
    if (isVisible(line)) out.push(line);
    from += part.length + 1;
  }
  return out;
}

/** Lines as rich text: a paragraph each (a table stays a table). */
export function linesToHtml(list: Token[][]): string {
  return list
    .map((l) => (l[0]?.kind === 'open' && l[0].name === 'table' ? serialize(l) : `<p>${serialize(l)}</p>`))
    .join('');
}

/** A cell's plain text as rich text: a paragraph per line, escaped; `$…$` formulas stay as typed. */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
}

/** Rich text as a cell's plain text: a line per paragraph, formulas as `$latex$`, pictures and styling dropped. */
export function htmlToText(html: string): string {
  let text = '';
  for (const t of formulasAsText(tokenize(html))) {
    if (t.kind === 'text') text += t.text;
    else if (t.kind === 'void' && t.name === 'br') text += '\n';
    else if (t.kind !== 'void' && BLOCKS.has(t.name)) text += '\n';
    else if (t.kind === 'close' && (t.name === 'td' || t.name === 'th')) text += ' ';
  }
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** `$…$` (inline) and `$$…$$` (display) in text, as the web draws them (QuestionView/math.ts). */
const DOLLARS = /(?<!\\)\$\$([^$]+?)\$\$|(?<![\\$])\$(?!\s)([^$\n]*?[^$\s\\])\$(?!\d)/g;

/** Text with its `$latex$` as formula nodes, the rest escaped. */
function textWithFormulas(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(DOLLARS)) {
    const latex = (m[1] ?? m[2] ?? '').trim();
    out += escapeHtml(text.slice(last, m.index));
    out += `<span data-type="formula" data-latex="${escapeAttr(latex)}">${escapeHtml(latex)}</span>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * `$latex$` in text becomes the rich-text editor's formula node (`<span data-type="formula" data-latex="…">`), the
 * one form questions are stored in: what a file or the demo wrote as text is then edited as a formula.
 */
export function formulasAsNodes(html: string): string {
  if (!html.includes('$')) return html;
  let inFormula = 0;
  return tokenize(html)
    .map((t) => {
      if (t.kind === 'open' && t.name === 'span' && (inFormula || attrOf(t.raw, 'data-type') === 'formula')) {
        inFormula++;
        return t.raw;
      }
      if (t.kind === 'close' && t.name === 'span' && inFormula) {
        inFormula--;
        return '</span>';
      }
      return t.kind === 'text' && !inFormula ? textWithFormulas(t.text) : serialize([t]);
    })
    .join('');
}
