/**
 * Just enough HTML for question text: a flat token list (tags and decoded text) that the Word reader cuts at
 * markers like `A.` or `答案：` without breaking tags, and the plain-text forms Excel cells hold.
 */

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; raw: string }
  | { kind: 'close'; name: string }
  | { kind: 'void'; name: string; raw: string };

const VOID = new Set(['img', 'br', 'hr', 'col', 'source', 'input', 'wbr', 'area']);
/** Elements that end a line of text. */
const BLOCKS = new Set([
  ...['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'tr', 'table', 'blockquote', 'pre'],
  ...['figure', 'figcaption', 'caption'],
]);
/** Stands for a picture in plain text, so positions and trimming count it as content. */
export const PICTURE = '\ufffc';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const cp = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

export function tokenize(html: string): Token[] {
  const out: Token[] = [];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
  for (const m of html.matchAll(re)) {
    const [all, slash, tag, rest] = m;
    if (all.startsWith('<!--')) continue;
    if (tag === undefined) {
      const text = decodeEntities(all);
      const last = out[out.length - 1];
      if (last?.kind === 'text') last.text += text;
      else out.push({ kind: 'text', text });
      continue;
    }
    const name = tag.toLowerCase();
    if (slash) out.push({ kind: 'close', name });
    else if (VOID.has(name) || rest?.trimEnd().endsWith('/')) out.push({ kind: 'void', name, raw: all });
    else out.push({ kind: 'open', name, raw: all });
  }
  return out;
}

export function serialize(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if (t.kind === 'text') return escapeHtml(t.text);
      if (t.kind === 'close') return `</${t.name}>`;
      return t.raw;
    })
    .join('');
}

/** An attribute of a tag as written (`<img src="…">`), decoded; undefined when absent. */
export function attrOf(raw: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(raw);
  if (!m) return undefined;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? '');
}

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

/**
 * Formulas as `$latex$` text: the editor's node (`<span data-type="formula" data-latex="…">`) and KaTeX's rendered
 * HTML/MathML (the TeX is in its `annotation`) both become the form the files use.
 */
export function formulasAsText(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const editor = t.kind === 'open' && t.name === 'span' && attrOf(t.raw, 'data-type') === 'formula';
    const rendered =
      t.kind === 'open' && ((t.name === 'span' && /\bkatex\b/.test(attrOf(t.raw, 'class') ?? '')) || t.name === 'math');
    if (!editor && !rendered) {
      out.push(t);
      continue;
    }
    const end = matchingClose(tokens, i);
    let latex = editor ? (attrOf(t.raw, 'data-latex') ?? '') : '';
    if (!editor) {
      const at = tokens.slice(i, end).findIndex((a) => a.kind === 'open' && a.name === 'annotation');
      const next = at >= 0 ? tokens[i + at + 1] : undefined;
      latex = next?.kind === 'text' ? next.text : '';
    }
    if (latex.trim()) out.push({ kind: 'text', text: `$${latex.trim()}$` });
    i = end;
  }
  // Adjacent text tokens read as one.
  return out.reduce<Token[]>((acc, t) => {
    const last = acc[acc.length - 1];
    if (t.kind === 'text' && last?.kind === 'text') acc[acc.length - 1] = { kind: 'text', text: last.text + t.text };
    else acc.push(t);
    return acc;
  }, []);
}

/** Index of the token closing the element opened at `i` (or the last token when it never closes). */
export function matchingClose(tokens: Token[], i: number): number {
  const name = (tokens[i] as { name: string }).name;
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind === 'open' && t.name === name) depth++;
    else if (t.kind === 'close' && t.name === name && --depth === 0) return j;
  }
  return tokens.length - 1;
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
