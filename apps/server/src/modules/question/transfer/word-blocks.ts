import { EMPHASIS_DOT_CLASS } from '../../../core/html/sanitize.ts';
import { attrOf, escapeAttr, isVisible, matchingClose, type Token, tokenize } from './html.ts';

/** A paragraph of the document: inline tokens, or a whole table (its tokens as mammoth wrote them). */
export interface Block {
  tokens: Token[];
  /** An item of a numbered Word list: its number was list numbering, which the HTML no longer shows. */
  listItem: boolean;
  table: boolean;
}

const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li']);
/** Inline markup worth keeping (mammoth's names; b/i from elsewhere mean the same). */
const INLINE: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  s: 's',
  del: 's',
  strike: 's',
  sub: 'sub',
  sup: 'sup',
};
const BREAK: Token = { kind: 'void', name: 'br', raw: '<br>' };
const EMPHASIS_OPEN: Token = { kind: 'open', name: 'span', raw: `<span class="${EMPHASIS_DOT_CLASS}">` };

/** mammoth's HTML as paragraphs; list items keep whether they were numbered. */
export function blocksOf(html: string): Block[] {
  const tokens = tokenize(html);
  const blocks: Block[] = [];
  const lists: string[] = [];
  let open: Block | undefined;
  const flush = () => {
    if (open && isVisible(open.tokens)) blocks.push(open);
    open = undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open' && t.name === 'table') {
      flush();
      const end = matchingClose(tokens, i);
      blocks.push({ tokens: tokens.slice(i, end + 1), listItem: false, table: true });
      i = end;
    } else if ((t.kind === 'open' || t.kind === 'close') && (t.name === 'ol' || t.name === 'ul')) {
      flush();
      if (t.kind === 'open') lists.push(t.name);
      else lists.pop();
    } else if (t.kind === 'open' && PARAGRAPHS.has(t.name)) {
      // A paragraph inside a list item that has nothing yet is that item.
      const listItem = t.name === 'li' ? lists[lists.length - 1] === 'ol' : open?.tokens.length === 0 && open.listItem;
      flush();
      open = { tokens: [], listItem, table: false };
    } else if (t.kind === 'close' && PARAGRAPHS.has(t.name)) {
      flush();
    } else {
      open ??= { tokens: [], listItem: false, table: false };
      const kept = canonical(t);
      if (kept) open.tokens.push(kept);
    }
  }
  flush();
  return blocks;
}

/**
 * A token in the form stored text uses: bold, italics, underline, strike, scripts, emphasis dots, pictures, line
 * breaks.
 */
function canonical(t: Token): Token | undefined {
  if (t.kind === 'text') return t;
  if (t.kind === 'void') {
    if (t.name === 'br') return BREAK;
    const src = t.name === 'img' ? attrOf(t.raw, 'src') : undefined;
    return src ? { kind: 'void', name: 'img', raw: `<img src="${escapeAttr(src)}">` } : undefined;
  }
  // mammoth writes spans only for the emphasis dots (word-emphasis.ts).
  if (t.name === 'span') return t.kind === 'open' ? EMPHASIS_OPEN : { kind: 'close', name: 'span' };
  const name = INLINE[t.name];
  if (!name) return undefined;
  return t.kind === 'open' ? { kind: 'open', name, raw: `<${name}>` } : { kind: 'close', name };
}

/**
 * A table's cells row by row, each as inline tokens with its paragraphs as lines: what an answer-key table
 * (题号 | 1 | 2 …) or a table of options holds. A table inside a cell stays text of that cell.
 */
export function tableRows(tokens: Token[]): Token[][][] {
  const rows: Token[][][] = [];
  let cell: Token[] | undefined;
  let depth = 0;
  for (const t of tokens) {
    if (t.kind !== 'text' && t.name === 'table') depth += t.kind === 'open' ? 1 : t.kind === 'close' ? -1 : 0;
    else if (depth === 1 && t.kind === 'open' && t.name === 'tr') rows.push([]);
    else if (depth === 1 && t.kind === 'open' && (t.name === 'td' || t.name === 'th')) {
      cell = [];
      rows[rows.length - 1]?.push(cell);
    } else if (depth === 1 && t.kind === 'close' && (t.name === 'td' || t.name === 'th')) cell = undefined;
    else if (cell && t.kind === 'close' && PARAGRAPHS.has(t.name)) cell.push(BREAK);
    else if (cell) {
      const kept = canonical(t);
      if (kept) cell.push(kept);
    }
  }
  return rows;
}
