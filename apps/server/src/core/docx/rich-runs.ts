import { ImageRun, ImportedXmlComponent, type ParagraphChild, TextRun } from 'docx';
import { imageSize } from './image-size.ts';
import { latexToOmml } from './latex-omml.ts';
import { ommlToLatex } from './omml-latex.ts';
import { htmlToPieces, type Piece } from './rich-pieces.ts';
import type { XmlNode } from './xml-node.ts';

/** Where a writer finds the pictures that rich text points at (`<img src>`); undefined = not ours / gone. */
export interface PictureSource {
  load(url: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

export interface RichRunsOptions {
  pictures: PictureSource;
  /** Written where a picture cannot be shown (gone, or a type Word does not take). */
  missingPicture?: string;
  /** Widest picture in pixels at 96 dpi; default: the text column of A4 with default margins. */
  maxPictureWidth?: number;
  /**
   * `true` (the default, a file that is imported back): an equation only where it reads back to the same formula,
   * else `$latex$` text. `false` (a document to print): an equation wherever one can be written.
   */
  exactFormulas?: boolean;
}

/** `blanks`: runs of underscores (a fill-in-the-blank stem's gaps) become underlined gaps numbered (1), (2) … */
export interface RunsOptions {
  blanks?: boolean;
}

const MAX_PICTURE_WIDTH = 550;
const DOCX_PICTURE_TYPES: Record<string, 'png' | 'jpg' | 'gif' | 'bmp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};
/** How the question editor and the web (QuestionView numberBlanks) mark a blank. */
const BLANK = /_{3,}|＿{2,}/g;

/**
 * Rich text (as core/html stores it) as docx runs: styled text, formulas as Word equations where that round-trips
 * exactly (else `$latex$` text), pictures embedded at their size, scaled into the text column. Each picture is
 * loaded once per writer.
 */
export class RichRuns {
  /** Each equation's LaTeX as a reader will see it → the LaTeX it was written from, where the two differ. */
  readonly formulaSources = new Map<string, string>();
  private readonly loaded = new Map<string, Promise<{ bytes: Buffer; contentType: string } | undefined>>();

  constructor(private readonly options: RichRunsOptions) {}

  /** The lines of rich text (paragraphs, list items, line breaks) as runs; [] when there is nothing to see. */
  async lines(html: string, options: RunsOptions = {}): Promise<ParagraphChild[][]> {
    const blank = { n: 0 };
    const out: ParagraphChild[][] = [];
    for (const line of htmlToPieces(html)) {
      const runs: ParagraphChild[] = [];
      for (const piece of line) runs.push(...(await this.piece(piece, options.blanks ? blank : undefined)));
      out.push(runs);
    }
    return out;
  }

  /** All of it in one paragraph's runs, its lines joined by line breaks. */
  async inline(html: string, options: RunsOptions = {}): Promise<ParagraphChild[]> {
    const out: ParagraphChild[] = [];
    for (const [i, line] of (await this.lines(html, options)).entries()) {
      if (i > 0) out.push(new TextRun({ break: 1 }));
      out.push(...line);
    }
    return out;
  }

  private async piece(piece: Piece, blank: { n: number } | undefined): Promise<ParagraphChild[]> {
    if (piece.kind === 'text') {
      const { underline, emphasis, ...style } = piece.style;
      const text = (value: string) =>
        new TextRun({
          text: value,
          ...style,
          ...(underline ? { underline: {} } : {}),
          // Word's default mark is the dot (着重号).
          ...(emphasis ? { emphasisMark: {} } : {}),
        });
      if (!blank) return [text(piece.text)];
      const out: ParagraphChild[] = [];
      let from = 0;
      for (const m of piece.text.matchAll(BLANK)) {
        if (m.index > from) out.push(text(piece.text.slice(from, m.index)));
        out.push(gap(++blank.n, m[0]));
        from = m.index + m[0].length;
      }
      if (from < piece.text.length) out.push(text(piece.text.slice(from)));
      return out;
    }
    if (piece.kind === 'formula') return [this.formula(piece.latex)];
    return [await this.picture(piece)];
  }

  private formula(latex: string): ParagraphChild {
    const omml = latexToOmml(latex, { exact: this.options.exactFormulas !== false });
    if (!omml) return new TextRun(`$${latex}$`);
    const read = ommlToLatex(omml);
    if (read !== latex) this.formulaSources.set(read, latex);
    // docx has no API for arbitrary OMML; an imported element tree is written out as it is.
    return component(omml) as unknown as ParagraphChild;
  }

  private async picture(piece: Extract<Piece, { kind: 'picture' }>): Promise<ParagraphChild> {
    let load = this.loaded.get(piece.src);
    if (!load) {
      load = this.options.pictures.load(piece.src);
      this.loaded.set(piece.src, load);
    }
    const picture = await load;
    const type = picture && DOCX_PICTURE_TYPES[picture.contentType.toLowerCase()];
    // A picture Word cannot show (gone, or a type it does not take) is named rather than silently dropped.
    if (!picture || !type) return new TextRun(this.options.missingPicture ?? '[图片]');
    const max = this.options.maxPictureWidth ?? MAX_PICTURE_WIDTH;
    const natural = imageSize(picture.bytes);
    let width = piece.width ?? natural?.width ?? 200;
    let height = piece.height ?? (natural ? (natural.height * width) / natural.width : 200);
    if (width > max) {
      height = (height * max) / width;
      width = max;
    }
    return new ImageRun({
      type,
      data: picture.bytes,
      transformation: { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) },
    });
  }
}

/**
 * A blank to write in: its number between non-breaking spaces (which Word underlines anywhere in a line), about as
 * wide as the underscores it stands for.
 */
function gap(n: number, underscores: string): TextRun {
  const wide = underscores.startsWith('＿') ? underscores.length * 4 : underscores.length * 2;
  const side = '\u00a0'.repeat(Math.max(4, Math.min(16, Math.round((wide - 3) / 2))));
  return new TextRun({ text: `${side}(${n})${side}`, underline: {} });
}

/** An OMML element tree as a docx component. The document root already declares the m: and w: namespaces. */
export function component(node: XmlNode): ImportedXmlComponent {
  const attrs = Object.fromEntries(Object.entries(node.attrs).filter(([name]) => !name.startsWith('xmlns')));
  const element = new ImportedXmlComponent(node.name, Object.keys(attrs).length ? attrs : undefined);
  for (const child of node.children) element.push(typeof child === 'string' ? child : component(child));
  return element;
}

/** Sniffs a picture's type from its first bytes (the kinds Word shows); undefined for anything else. */
export function pictureType(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && bytes.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  if (bytes.length >= 2 && bytes.toString('latin1', 0, 2) === 'BM') return 'image/bmp';
  return undefined;
}
