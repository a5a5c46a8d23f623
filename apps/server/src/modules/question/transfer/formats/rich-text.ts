import { attrOf, BLOCKS, decodeEntities, escapeAttr } from '../html.ts';

/**
 * HTML that other products write (Moodle's question text, GIFT's `[html]`) as our question text. It is worked on
 * as written — tags and text as they are, entities left encoded — so what we exported ourselves reads back
 * byte for byte; the sanitiser of saved text sees it afterwards like any rich text.
 */

/** Tags (their name, and whether closing) and text, as written; comments are skipped. */
const SEGMENT = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

interface Segment {
  raw: string;
  /** A tag's name, lower case; undefined for text. */
  tag?: string;
  closing: boolean;
}

function segments(html: string): Segment[] {
  const out: Segment[] = [];
  for (const m of html.matchAll(SEGMENT)) {
    if (m[0].startsWith('<!--')) continue;
    out.push({ raw: m[0], tag: m[2]?.toLowerCase(), closing: m[1] === '/' });
  }
  return out;
}

/**
 * Text at the top level outside any paragraph (`What is <b>2</b>+2?`, a Moodle question typed without the
 * editor) put in paragraphs, as our rich text always is; blocks are kept as they are, white space between them
 * dropped.
 */
export function asParagraphs(html: string): string {
  let out = '';
  let inline = '';
  let visible = false;
  let depth = 0;
  const flush = () => {
    if (visible) out += `<p>${inline.trim()}</p>`;
    inline = '';
    visible = false;
  };
  for (const s of segments(html)) {
    const block = s.tag !== undefined && BLOCKS.has(s.tag);
    if (depth === 0 && !block) {
      inline += s.raw;
      if (s.tag === 'img' || (s.tag === undefined && decodeEntities(s.raw).trim() !== '')) visible = true;
      continue;
    }
    if (block && !s.closing) {
      if (depth === 0) flush();
      depth++;
    } else if (block) depth = Math.max(0, depth - 1);
    out += s.raw;
  }
  flush();
  return out;
}

/**
 * Formulas in MathJax's delimiters, as Moodle writes them (`\(x^2\)` inline, `\[x^2\]` displayed), as the `$x^2$`
 * our imports read (formulasAsNodes makes them the editor's formula nodes). `$$x$$` of Moodle's TeX filter is read
 * as it is.
 */
export function texAsDollars(html: string): string {
  return segments(html)
    .map((s) => (s.tag === undefined ? delimited(delimited(s.raw, '\\(', '\\)', '$'), '\\[', '\\]', '$$') : s.raw))
    .join('');
}

/** Each `open…close` in text as `dollars…dollars`; found with indexOf, so text of many opens and no close is quick. */
function delimited(text: string, open: string, close: string, dollars: string): string {
  let out = '';
  let at = 0;
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, at)) {
    const end = text.indexOf(close, start + open.length);
    if (end < 0) break;
    const latex = text.slice(start + open.length, end).trim();
    out += latex ? `${text.slice(at, start)}${dollars}${latex}${dollars}` : text.slice(at, end + close.length);
    at = end + close.length;
  }
  return out + text.slice(at);
}

/** Each `<img>` tag replaced by what `to` makes of it (the tag as written; undefined drops it). */
export async function replaceImages(html: string, to: (tag: string) => Promise<string | undefined>): Promise<string> {
  let out = '';
  for (const s of segments(html)) out += s.tag === 'img' && !s.closing ? ((await to(s.raw)) ?? '') : s.raw;
  return out;
}

/** An `<img>` tag as written, with its `src` (the first) set to `src`. */
export function withSource(tag: string, src: string): string {
  const value = `src="${escapeAttr(src)}"`;
  const replaced = tag.replace(/(\s)src\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, (_, space: string) => space + value);
  return replaced === tag && !/\ssrc\s*=/i.test(tag) ? tag.replace(/^<img/i, `<img ${value}`) : replaced;
}

/**
 * Each of the editor's formula nodes (`<span data-type="formula" data-latex="…">…</span>`) replaced by what `to`
 * writes for its LaTeX (HTML).
 */
export function replaceFormulas(html: string, to: (latex: string) => string): string {
  let out = '';
  let inside = 0;
  for (const s of segments(html)) {
    if (inside) {
      if (s.tag === 'span') inside += s.closing ? -1 : 1;
      continue;
    }
    if (s.tag === 'span' && !s.closing && attrOf(s.raw, 'data-type') === 'formula') {
      out += to(attrOf(s.raw, 'data-latex') ?? '');
      inside = 1;
    } else out += s.raw;
  }
  return out;
}
