import { OPTION_LABELS, type QuestionDraft } from '@shixun/contracts';
import {
  AlignmentType,
  Document,
  ImageRun,
  ImportedXmlComponent,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';
import {
  blanksText,
  choiceText,
  disciplineName,
  fileTypesText,
  itemScoresText,
  judgeText,
  knowledgeText,
  rulesText,
  typeName,
} from './fields.ts';
import { formulaProperties } from './formula-sources.ts';
import { imageSize } from './image-size.ts';
import { latexToOmml } from './latex-omml.ts';
import { ommlToLatex } from './omml-latex.ts';
import type { PictureSource } from './types.ts';
import { htmlToPieces, type Piece } from './word-runs.ts';
import type { XmlNode } from './xml-node.ts';

export interface WordOptions {
  /** The first line of the document; '' for none. */
  title: string;
  /** With answers, analysis and every field (a bank that imports back); without: stems and options (a paper). */
  withAnswers: boolean;
  pictures: PictureSource;
}

/** Widest picture in the text column (pixels at 96 dpi, A4 with default margins). */
const MAX_PICTURE_WIDTH = 550;
const DOCX_PICTURE_TYPES: Record<string, 'png' | 'jpg' | 'gif' | 'bmp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};

/**
 * Questions as a .docx in the layout of LAYOUT.md, so that what is exported imports back: section headings per
 * run of one type, numbered stems, one option per line, field lines, 【复合题】 blocks. Pictures are embedded;
 * formulas become Word equations where that round-trips exactly, else stay `$latex$` text.
 */
export async function writeWord(drafts: QuestionDraft[], options: WordOptions): Promise<Buffer> {
  const writer = new DocWriter(options);
  if (options.title) {
    writer.paragraphs.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ text: options.title, bold: true, size: 32 })],
      }),
    );
  }
  let section = 0;
  let previous: QuestionDraft['type'] | undefined;
  let number = 0;
  for (const draft of drafts) {
    if (draft.type !== previous) {
      writer.plain(`${chineseNumeral(++section)}、${typeName(draft.type, 'zh')}`, true);
      previous = draft.type;
    }
    number++;
    if (draft.type === 'composite') {
      writer.plain('【复合题】');
      await writer.question(draft, `${number}. `, false);
      for (const [i, child] of draft.children.entries()) await writer.question(child, `（${i + 1}）`, true);
      writer.plain('【复合题结束】');
    } else await writer.question(draft, `${number}. `, false);
  }
  const doc = new Document({
    styles: {
      default: {
        document: { run: { font: { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' }, size: 21 } },
      },
    },
    sections: [{ children: writer.paragraphs }],
    customProperties: formulaProperties(writer.formulaSources),
  });
  return Packer.toBuffer(doc);
}

class DocWriter {
  readonly paragraphs: Paragraph[] = [];
  /** Each equation's LaTeX as the reader will see it → the LaTeX it was written from (formula-sources.ts). */
  readonly formulaSources = new Map<string, string>();
  private readonly loaded = new Map<string, Promise<{ bytes: Buffer; contentType: string } | undefined>>();

  constructor(private readonly options: WordOptions) {}

  plain(text: string, bold = false): void {
    this.paragraphs.push(new Paragraph({ children: [new TextRun({ text, bold })] }));
  }

  /** One question: its stem, options and (with answers) field lines. */
  async question(draft: QuestionDraft, prefix: string, child: boolean): Promise<void> {
    await this.rich(prefix, draft.stem);
    if (draft.type === 'single' || draft.type === 'multiple') {
      for (const [i, item] of draft.items.entries()) await this.rich(`${OPTION_LABELS[i]}. `, item.content);
    }
    if (!this.options.withAnswers) return;
    // A child's type is not its section's (组合题), so it says it.
    if (child) this.field('题型', typeName(draft.type, 'zh'));
    switch (draft.type) {
      case 'single':
      case 'multiple':
        this.field('答案', choiceText(draft));
        break;
      case 'judge':
        this.field('答案', judgeText(draft.answer, 'zh'));
        break;
      case 'fill':
        this.field('答案', blanksText(draft, 'zh'));
        this.field('小分', itemScoresText(draft, 'zh'));
        this.field('填空规则', rulesText(draft, 'zh'));
        break;
      case 'short':
        await this.rich('答案：', draft.answer);
        for (const item of draft.items) await this.rich('评分要点：', item.content);
        this.field('小分', itemScoresText(draft, 'zh'));
        break;
      default:
        await this.rich('答案：', draft.answer);
    }
    await this.rich('解析：', draft.analysis);
    this.field('难度', String(draft.difficulty));
    this.field('分值', String(draft.score));
    this.field('知识点', knowledgeText(draft));
    this.field('来源', draft.source);
    this.field('学科', disciplineName(draft.discipline, 'zh'));
    if (draft.type === 'file') {
      this.field('文件类型', fileTypesText(draft));
      this.field('文件大小', draft.config.maxSizeMb ? String(draft.config.maxSizeMb) : '');
    }
  }

  /** `名称：value` in plain text; nothing when the value is empty. */
  private field(name: string, value: string): void {
    if (value !== '') this.plain(`${name}：${value}`);
  }

  /**
   * Rich text after a prefix, in ONE paragraph with line breaks between its lines: a line of a stem or an answer
   * that starts like "2." then cannot be taken for the next question when the file is read back. A field line
   * (a prefix ending in ：) with empty text is left out.
   */
  private async rich(prefix: string, html: string): Promise<void> {
    const lines = htmlToPieces(html);
    if (lines.length === 0 && prefix.endsWith('：')) return;
    const children: ParagraphChild[] = [new TextRun(prefix)];
    for (const [i, line] of lines.entries()) {
      if (i > 0) children.push(new TextRun({ break: 1 }));
      for (const piece of line) children.push(await this.run(piece));
    }
    this.paragraphs.push(new Paragraph({ children }));
  }

  private async run(piece: Piece): Promise<ParagraphChild> {
    if (piece.kind === 'text') {
      const { underline, ...style } = piece.style;
      return new TextRun({ text: piece.text, ...style, ...(underline ? { underline: {} } : {}) });
    }
    if (piece.kind === 'formula') {
      const omml = latexToOmml(piece.latex);
      if (!omml) return new TextRun(`$${piece.latex}$`);
      const read = ommlToLatex(omml);
      if (read !== piece.latex) this.formulaSources.set(read, piece.latex);
      // docx has no API for arbitrary OMML; an imported element tree is written out as it is.
      return component(omml) as unknown as ParagraphChild;
    }
    return this.picture(piece);
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
    if (!picture || !type) return new TextRun('[图片]');
    const natural = imageSize(picture.bytes);
    let width = piece.width ?? natural?.width ?? 200;
    let height = piece.height ?? (natural ? (natural.height * width) / natural.width : 200);
    if (width > MAX_PICTURE_WIDTH) {
      height = (height * MAX_PICTURE_WIDTH) / width;
      width = MAX_PICTURE_WIDTH;
    }
    return new ImageRun({
      type,
      data: picture.bytes,
      transformation: { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) },
    });
  }
}

/** An OMML element tree as a docx component. The document root already declares the m: and w: namespaces. */
function component(node: XmlNode): ImportedXmlComponent {
  const attrs = Object.fromEntries(Object.entries(node.attrs).filter(([name]) => !name.startsWith('xmlns')));
  const element = new ImportedXmlComponent(node.name, Object.keys(attrs).length ? attrs : undefined);
  for (const child of node.children) element.push(typeof child === 'string' ? child : component(child));
  return element;
}

/** 1 → 一, 12 → 十二, 35 → 三十五, 105 → 一百零五: section numbers (the reader takes any run of these characters). */
function chineseNumeral(n: number): string {
  const digits = '零一二三四五六七八九';
  if (n < 10) return digits[n]!;
  if (n < 20) return `十${n % 10 ? digits[n % 10] : ''}`;
  if (n < 100) return `${digits[Math.floor(n / 10)]}十${n % 10 ? digits[n % 10] : ''}`;
  const [unit, size] = n < 1000 ? ['百', 100] : ['千', 1000];
  const rest = n % size;
  const tail = rest === 0 ? '' : rest < size / 10 ? `零${chineseNumeral(rest)}` : chineseNumeral(rest);
  return `${digits[Math.floor(n / size) % 10]}${unit}${tail.replace(/^十/, '一十')}`;
}
