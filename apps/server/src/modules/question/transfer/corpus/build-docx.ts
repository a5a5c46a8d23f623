import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType,
  Document,
  Math as DocxMath,
  ImageRun,
  type MathComponent,
  MathFraction,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSuperScript,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  UnderlineType,
  WidthType,
} from 'docx';
import JSZip from 'jszip';

/**
 * The corpus's Word documents are written as text (`name.word.txt`, one paragraph a line) and turned into
 * `name.docx` by this script, so that a reviewer reads what each document holds and the .docx is what a teacher's
 * Word would save: real paragraphs, tabs, underlines, Word equations, automatic numbering, tables, pictures.
 *
 * Markup: `{tab}` a tab; `{br}` a line break (Shift+Enter); `{u:text}` underlined; `{b:text}` bold; `{m:latex}` a Word equation (fractions, roots,
 * powers, indices, Greek letters and operators); `{img}` a small picture. A line starting with `{list}` is an item
 * of Word's automatic 1. 2. 3. numbering, `{list-zh}` of its 一、二、三、 numbering, `{center}` centred. Lines
 * starting with `|` are the rows of a table, cells between the bars.
 *
 * Run: npx tsx apps/server/src/modules/question/transfer/corpus/build-docx.ts
 */

/** A 4×4 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR42mP8z8AARIQB4wDKAHXjBv2K1Gc3AAAAAElFTkSuQmCC',
  'base64',
);

const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  theta: 'θ',
  pi: 'π',
  omega: 'ω',
  Delta: 'Δ',
  times: '×',
  div: '÷',
  pm: '±',
  leq: '≤',
  geq: '≥',
  neq: '≠',
  cdot: '·',
  circ: '°',
  infty: '∞',
};

/** LaTeX of the subset above as the parts of a Word equation. */
function mathOf(latex: string): MathComponent[] {
  let i = 0;
  const group = (): MathComponent[] => {
    if (latex[i] !== '{') throw new Error(`expected { at ${i} in ${latex}`);
    i++;
    const inner = sequence('}');
    i++;
    return inner;
  };
  const sequence = (stop?: string): MathComponent[] => {
    const out: MathComponent[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(new MathRun(text));
      text = '';
    };
    /** The element a ^ or _ applies to: the last character typed, or the last structure. */
    const base = (): MathComponent[] => {
      if (text) {
        const last = text.slice(-1);
        text = text.slice(0, -1);
        flush();
        return [new MathRun(last)];
      }
      const previous = out.pop();
      if (!previous) throw new Error(`nothing before ^ or _ in ${latex}`);
      return [previous];
    };
    while (i < latex.length && latex[i] !== stop) {
      const c = latex[i]!;
      if (c === '\\') {
        const name = /^[a-zA-Z]+/.exec(latex.slice(i + 1))?.[0] ?? '';
        i += 1 + name.length;
        if (name === 'frac') {
          flush();
          const numerator = group();
          out.push(new MathFraction({ numerator, denominator: group() }));
        } else if (name === 'sqrt') {
          flush();
          out.push(new MathRadical({ children: group() }));
        } else if (SYMBOLS[name]) text += SYMBOLS[name];
        else throw new Error(`unknown command \\${name} in ${latex}`);
      } else if (c === '^' || c === '_') {
        i++;
        const children = base();
        const script = latex[i] === '{' ? group() : [new MathRun(latex[i++]!)];
        out.push(
          c === '^'
            ? new MathSuperScript({ children, superScript: script })
            : new MathSubScript({ children, subScript: script }),
        );
      } else if (c === '{') out.push(...group());
      else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  };
  return sequence();
}

/** A line's runs: text with the inline markup of the header comment (braces inside `{m:…}` nest). */
function runsOf(line: string): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  let i = 0;
  while (i < line.length) {
    const start = line.slice(i).search(/\{(?:tab\}|br\}|img\}|[ubm]:)/);
    if (start < 0) {
      runs.push(new TextRun(line.slice(i)));
      break;
    }
    if (start > 0) runs.push(new TextRun(line.slice(i, i + start)));
    let end = i + start;
    for (let depth = 0; ; end++) {
      if (line[end] === '{') depth++;
      else if (line[end] === '}' && --depth === 0) break;
      if (end >= line.length) throw new Error(`unclosed markup in ${line}`);
    }
    const markup = line.slice(i + start + 1, end);
    const value = markup.slice(2);
    if (markup === 'tab') runs.push(new TextRun({ text: '\t' }));
    else if (markup === 'br') runs.push(new TextRun({ break: 1 }));
    else if (markup === 'img')
      runs.push(new ImageRun({ type: 'png', data: PNG, transformation: { width: 40, height: 40 } }));
    else if (markup.startsWith('u:'))
      runs.push(new TextRun({ text: value, underline: { type: UnderlineType.SINGLE } }));
    else if (markup.startsWith('b:')) runs.push(new TextRun({ text: value, bold: true }));
    else runs.push(new DocxMath({ children: mathOf(value) }));
    i = end + 1;
  }
  return runs;
}

function paragraphOf(line: string): Paragraph {
  const prefix = /^\{(list|list-zh|center)\}/.exec(line);
  const children = runsOf(prefix ? line.slice(prefix[0].length) : line);
  if (prefix?.[1] === 'center') return new Paragraph({ alignment: AlignmentType.CENTER, children });
  if (prefix) return new Paragraph({ children, numbering: { reference: prefix[1]!, level: 0 } });
  return new Paragraph({ children });
}

function tableOf(rows: string[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (row) =>
        new TableRow({
          children: row
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => new TableCell({ children: [paragraphOf(cell.trim())] })),
        }),
    ),
  });
}

/** A corpus document's text as a .docx. */
export async function docxFromSource(source: string): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  const lines = source.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('|')) {
      children.push(paragraphOf(lines[i]!));
      continue;
    }
    const rows: string[] = [];
    while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
    i--;
    children.push(tableOf(rows));
  }
  const doc = new Document({
    numbering: {
      config: [
        { reference: 'list', levels: [{ level: 0, format: 'decimal', text: '%1.' }] },
        { reference: 'list-zh', levels: [{ level: 0, format: 'chineseCounting', text: '%1、' }] },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** A .docx's body: what the corpus compares (its zip and properties carry the time it was built). */
export async function documentXml(file: Buffer): Promise<string> {
  return (await JSZip.loadAsync(file)).file('word/document.xml')!.async('string');
}

/** Writes name.docx beside every name.word.txt of the corpus whose body it does not hold yet. */
async function buildAll(): Promise<void> {
  for (const name of (await readdir(CORPUS_DIR)).filter((n) => n.endsWith('.word.txt')).sort()) {
    const built = await docxFromSource(await readFile(path.join(CORPUS_DIR, name), 'utf8'));
    const target = path.join(CORPUS_DIR, name.replace(/\.word\.txt$/, '.docx'));
    const old = await readFile(target).catch(() => undefined);
    if (!old || (await documentXml(old)) !== (await documentXml(built))) await writeFile(target, built);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
