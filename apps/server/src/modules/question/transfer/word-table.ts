import { BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType } from 'docx';
import type { RichRuns } from '../../../core/docx/rich-runs.ts';
import { attrOf, matchingClose, serialize, type Token, tokenize } from './html.ts';

/**
 * Tables in a question's text written as Word tables (rows, cells, borders, merged cells), in the shape the import
 * reads back as the same table: mammoth writes a Word table as `<table><tr><td><p>…</p></td></tr></table>`, a cell
 * spanning columns with `colspan`, rows with `rowspan`, header rows in `<thead>` with `<th>` cells.
 */

/** Rich text cut at its tables: the text between them (HTML) and each table (its tokens, `<table>` to `</table>`). */
export type RichPart = { kind: 'text'; html: string } | { kind: 'table'; tokens: Token[] };

export function tableParts(html: string): RichPart[] {
  if (!/<table[\s>]/i.test(html)) return [{ kind: 'text', html }];
  const tokens = tokenize(html);
  const parts: RichPart[] = [];
  let text: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open' && t.name === 'table') {
      if (text.length) parts.push({ kind: 'text', html: serialize(text) });
      text = [];
      const end = matchingClose(tokens, i);
      parts.push({ kind: 'table', tokens: tokens.slice(i, end + 1) });
      i = end;
    } else text.push(t);
  }
  if (text.length) parts.push({ kind: 'text', html: serialize(text) });
  return parts;
}

const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const BORDERS = { top: LINE, bottom: LINE, left: LINE, right: LINE, insideHorizontal: LINE, insideVertical: LINE };

interface Cell {
  tokens: Token[];
  columnSpan?: number;
  rowSpan?: number;
}

/**
 * A table's tokens as a bordered Word table across the text column, a cell's lines its paragraphs; undefined for
 * a table without cells.
 */
export async function wordTable(tokens: Token[], runs: RichRuns): Promise<Table | undefined> {
  const rows: { header: boolean; cells: Cell[] }[] = [];
  let header = false;
  // Inside the outer table only: a table in a cell stays text of that cell (RichRuns draws it as lines).
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open' && t.name === 'thead') header = true;
    else if (t.kind === 'close' && t.name === 'thead') header = false;
    else if (t.kind === 'open' && t.name === 'tr') rows.push({ header, cells: [] });
    else if (t.kind === 'open' && (t.name === 'td' || t.name === 'th')) {
      const end = matchingClose(tokens, i);
      const span = (name: string) => {
        const n = Number(attrOf(t.raw, name));
        return Number.isInteger(n) && n > 1 ? n : undefined;
      };
      if (!rows.length) rows.push({ header, cells: [] });
      rows[rows.length - 1]!.cells.push({
        tokens: tokens.slice(i + 1, end),
        columnSpan: span('colspan'),
        rowSpan: span('rowspan'),
      });
      i = end;
    }
  }
  const tableRows: TableRow[] = [];
  for (const row of rows) {
    const cells: TableCell[] = [];
    for (const cell of row.cells) {
      const lines = await runs.lines(serialize(cell.tokens));
      // Word needs a paragraph in every cell; an empty one reads back as an empty cell.
      const children = lines.length ? lines.map((line) => new Paragraph({ children: line })) : [new Paragraph({})];
      cells.push(new TableCell({ children, columnSpan: cell.columnSpan, rowSpan: cell.rowSpan }));
    }
    // docx writes <w:tblHeader> whenever the option is there, even false.
    if (cells.length) tableRows.push(new TableRow({ children: cells, ...(row.header ? { tableHeader: true } : {}) }));
  }
  if (!tableRows.length) return undefined;
  return new Table({ rows: tableRows, width: { size: 100, type: WidthType.PERCENTAGE }, borders: BORDERS });
}
