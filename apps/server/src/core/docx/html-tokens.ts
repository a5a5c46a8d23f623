/**
 * Just enough HTML for rich text as the server stores it (sanitised by core/html): a flat list of tags and decoded
 * text that the Word writers walk and the question import cuts at markers, without a DOM.
 */

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; raw: string }
  | { kind: 'close'; name: string }
  | { kind: 'void'; name: string; raw: string };

const VOID = new Set(['img', 'br', 'hr', 'col', 'source', 'input', 'wbr', 'area']);

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

/** One attribute of a tag, its value quoted, unquoted or absent; sticky, so it only reads where the last one ended. */
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+)))?/y;

/**
 * An attribute of a tag as written (`<img src="…">`), decoded; undefined when absent. The tag is read attribute by
 * attribute, so text inside another attribute's value (`alt=" src=https://…"`) is never taken for one.
 */
export function attrOf(raw: string, name: string): string | undefined {
  const wanted = name.toLowerCase();
  ATTRIBUTE.lastIndex = /^<[^\s/>]+/.exec(raw)?.[0].length ?? 0;
  for (let m = ATTRIBUTE.exec(raw); m; m = ATTRIBUTE.exec(raw)) {
    if (m[1]!.toLowerCase() === wanted) return decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return undefined;
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
