import { EMPHASIS_DOT_CLASS } from '../html/sanitize.ts';
import { attrOf, formulasAsText, tokenize } from './html-tokens.ts';

/**
 * Rich text as the Word writers need it: lines (paragraphs, list items, line breaks) of styled text, formulas and
 * pictures. Layout a question's lines cannot carry (alignment, colours, tables) is flattened to text.
 */

export interface Style {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  subScript?: boolean;
  superScript?: boolean;
  /** Dots under the characters (着重号): `<span class="emphasis-dot">`. */
  emphasis?: boolean;
}

export type Piece =
  | { kind: 'text'; text: string; style: Style }
  | { kind: 'formula'; latex: string }
  | { kind: 'picture'; src: string; width?: number; height?: number };

const STYLES: Record<string, keyof Style> = {
  strong: 'bold',
  b: 'bold',
  em: 'italics',
  i: 'italics',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  sub: 'subScript',
  sup: 'superScript',
  // Not a tag: what an emphasis span is kept as among the open elements.
  [EMPHASIS_DOT_CLASS]: 'emphasis',
};
const LINE_BREAKING = new Set([
  ...['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'tr', 'table', 'blockquote', 'pre'],
  ...['figure', 'figcaption', 'caption'],
]);
/** `$$…$$` or `$…$`: a formula inside text. */
const FORMULA = /\$\$([^$]+)\$\$|\$([^$]+)\$/g;

export function htmlToPieces(html: string): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  const open: string[] = [];
  const newLine = () => {
    if (line.some((p) => p.kind !== 'text' || p.text.trim() !== '')) lines.push(line);
    line = [];
  };
  const style = (): Style => Object.fromEntries(open.filter((n) => STYLES[n]).map((name) => [STYLES[name], true]));
  const text = (value: string) => {
    // Source formatting (newlines between tags) is not content.
    const t = value.replace(/[\r\n]+/g, ' ');
    if (t) line.push({ kind: 'text', text: t, style: style() });
  };

  for (const t of formulasAsText(tokenize(html))) {
    if (t.kind === 'text') {
      let from = 0;
      for (const m of t.text.matchAll(FORMULA)) {
        text(t.text.slice(from, m.index));
        line.push({ kind: 'formula', latex: (m[1] ?? m[2] ?? '').trim() });
        from = m.index + m[0].length;
      }
      text(t.text.slice(from));
    } else if (t.kind === 'void') {
      if (t.name === 'br') newLine();
      else if (t.name === 'img') {
        const src = attrOf(t.raw, 'src');
        if (src)
          line.push({
            kind: 'picture',
            src,
            width: size(attrOf(t.raw, 'width')),
            height: size(attrOf(t.raw, 'height')),
          });
      }
    } else if (t.name === 'span') {
      // Spans nest (colours, emphasis): each closing tag ends the last one opened.
      if (t.kind === 'open')
        open.push(attrOf(t.raw, 'class')?.split(/\s+/).includes(EMPHASIS_DOT_CLASS) ? EMPHASIS_DOT_CLASS : 'span');
      else {
        const i = open.findLastIndex((name) => name === 'span' || name === EMPHASIS_DOT_CLASS);
        if (i >= 0) open.splice(i, 1);
      }
    } else if (STYLES[t.name]) {
      if (t.kind === 'open') open.push(t.name);
      else {
        const i = open.lastIndexOf(t.name);
        if (i >= 0) open.splice(i, 1);
      }
    } else if (LINE_BREAKING.has(t.name)) newLine();
    else if (t.kind === 'close' && (t.name === 'td' || t.name === 'th')) text('  ');
  }
  newLine();
  return lines;
}

function size(value: string | undefined): number | undefined {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
