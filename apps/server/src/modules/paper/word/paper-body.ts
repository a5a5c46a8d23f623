import { PAPER_TYPE_NAMES, type PaperQuestionView, type PaperSection, type PaperView } from '@shixun/contracts';
import { AlignmentType, Paragraph, type ParagraphChild, Tab, type Table, TabStopType, TextRun } from 'docx';
import { htmlToPieces } from '../../../core/docx/rich-pieces.ts';
import { type PictureSource, pictureType, RichRuns } from '../../../core/docx/rich-runs.ts';
import type { PaperWordOptions } from '../paper.word.ts';
import { type Labels, labelsFor } from './labels.ts';
import { CHOICES, COLUMN, INDENT, num, SIZE, sectionHeading, studentLine } from './layout.ts';

/**
 * The paper itself as Word paragraphs: its head, then each section with its numbered questions, options, blanks and,
 * when asked, each question's key and analysis.
 */
export async function paperBody(view: PaperView, options: PaperWordOptions): Promise<(Paragraph | Table)[]> {
  const body = new PaperBody(view, options);
  await body.paper();
  return body.blocks;
}

/** `readFile` as the rich-text runs want it: the picture's type sniffed from its bytes. */
function picturesFrom(readFile: PaperWordOptions['readFile']): PictureSource {
  return {
    async load(link) {
      let bytes: Buffer | undefined;
      try {
        bytes = await readFile(link);
      } catch {
        return undefined;
      }
      const contentType = bytes && pictureType(bytes);
      return bytes && contentType ? { bytes, contentType } : undefined;
    },
  };
}

class PaperBody {
  readonly blocks: (Paragraph | Table)[] = [];
  private readonly l: Labels;
  private readonly runs: RichRuns;

  constructor(
    private readonly view: PaperView,
    private readonly options: PaperWordOptions,
  ) {
    this.l = labelsFor(options.locale);
    this.runs = new RichRuns({
      pictures: picturesFrom(options.readFile),
      missingPicture: this.l.picture,
      // Printed, never imported back: every formula Word can show is an equation.
      exactFormulas: false,
    });
  }

  /** The paper itself: its head, then each section. */
  async paper(): Promise<void> {
    this.head(this.view.paper.title);
    const p = this.view.paper;
    const type = PAPER_TYPE_NAMES[p.paperType as keyof typeof PAPER_TYPE_NAMES];
    const typeName = type ? type[this.options.locale] : this.options.locale === 'zh' ? '实训' : 'Practical';
    const settings = [typeName, this.l.total(num(p.totalScore)), this.l.duration(p.duration)];
    if (p.passScore > 0) settings.push(this.l.pass(num(p.passScore)));
    this.blocks.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { after: 120 },
        children: [new TextRun({ text: settings.join('    '), size: SIZE.body })],
      }),
    );
    this.blocks.push(studentLine(this.options.locale));
    const remark = p.remark
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    for (const [i, line] of remark.entries()) {
      this.blocks.push(
        new Paragraph({
          spacing: { after: 40 },
          children: [...(i === 0 ? [new TextRun({ text: this.l.remark, bold: true })] : []), new TextRun(line)],
        }),
      );
    }
    for (const [i, section] of this.view.sections.entries()) await this.section(section, i + 1, 0);
  }

  private head(title: string): void {
    this.blocks.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 120, after: 120 },
        children: [new TextRun({ text: title, bold: true, size: SIZE.title })],
      }),
    );
  }

  private async section(section: PaperSection, n: number, depth: number): Promise<void> {
    this.blocks.push(sectionHeading(section, n, depth, this.options.locale));
    if (section.remark.trim()) {
      this.blocks.push(new Paragraph({ children: [new TextRun({ text: section.remark.trim(), italics: true })] }));
    }
    for (const q of section.questions) await this.question(q, 0);
    for (const [i, child] of section.children.entries()) await this.section(child, i + 1, depth + 1);
  }

  /** A question: number, score, stem (blanks as gaps), options, then its key and analysis when asked. */
  private async question(q: PaperQuestionView, depth: number): Promise<void> {
    const indent = depth * INDENT;
    const prefix = depth === 0 ? `${q.no}. ` : `${q.no} `;
    const stem = await this.runs.lines(q.stem, { blanks: q.type === 'fill' });
    const mark = bracketFor(q);
    if (mark) {
      // After the last line of words (a stem that ends in a picture keeps the bracket by its text).
      const pieces = htmlToPieces(q.stem);
      const at = pieces.findLastIndex((line) => line.some((piece) => piece.kind !== 'picture'));
      if (stem.length === 0) stem.push([]);
      stem[at >= 0 ? at : stem.length - 1]!.push(new TextRun(mark));
    }
    const children: ParagraphChild[] = [new TextRun({ text: prefix, bold: depth === 0 })];
    children.push(new TextRun({ text: this.l.score(num(q.score)) }));
    for (const [i, line] of stem.entries()) {
      if (i > 0) children.push(new TextRun({ break: 1 }));
      children.push(...line);
    }
    this.blocks.push(
      new Paragraph({
        indent: { left: indent },
        spacing: { before: depth === 0 ? 120 : 60 },
        // With what follows it on one page — only when something does: a run of stems alone (fill questions
        // without their key) chained together would leave half a page empty.
        keepNext: this.followed(q),
        children,
      }),
    );
    if (q.type === 'single' || q.type === 'multiple') await this.choices(q, indent + INDENT);
    if (q.type === 'fill' && !/_{3,}|＿{2,}/.test(q.stem)) this.blankLines(q, indent + INDENT);
    // Room to write a short answer on the paper itself, unless an answer sheet or the key takes its place.
    const keyShown = this.options.answers && this.view.answers;
    if (q.type === 'short' && !this.options.sheet && !keyShown) {
      for (let i = 0; i < 5; i++) this.blocks.push(new Paragraph({ children: [] }));
    }
    for (const child of q.children) await this.question(child, depth + 1);
    if (this.options.answers) await this.answer(q, indent + INDENT);
    if (this.options.analysis && q.analysis && htmlToPieces(q.analysis).length > 0) {
      await this.labelled(this.l.analysis, await this.runs.inline(q.analysis), indent + INDENT);
    }
  }

  /** Whether a question's stem has lines of its own after it: options, blanks, children, its key or analysis. */
  private followed(q: PaperQuestionView): boolean {
    if ((q.type === 'single' || q.type === 'multiple') && q.items.length > 0) return true;
    if (q.type === 'fill' && !/_{3,}|＿{2,}/.test(q.stem) && q.items.length > 0) return true;
    if (q.children.length > 0) return true;
    return this.view.answers && (this.options.answers || this.options.analysis) && q.type !== 'composite';
  }

  /**
   * Options one per line, or side by side (two or four to a line, at tab stops) when every option is a short
   * line of text: how printed papers save paper.
   */
  private async choices(q: PaperQuestionView, indent: number): Promise<void> {
    const widths = q.items.map((item) => textWidth(item.content));
    const widest = widths.some((w) => w === undefined)
      ? Number.POSITIVE_INFINITY
      : Math.max(0, ...(widths as number[]));
    // Width in half-width characters; the column holds about 80 of them at 10.5 pt.
    const perLine = widest <= 14 ? 4 : widest <= 32 ? 2 : 1;
    const step = Math.floor((COLUMN - indent) / perLine);
    const tabStops = Array.from({ length: perLine - 1 }, (_, i) => ({
      type: TabStopType.LEFT,
      position: indent + step * (i + 1),
    }));
    for (let at = 0; at < q.items.length; at += perLine) {
      const children: ParagraphChild[] = [];
      for (const [i, item] of q.items.slice(at, at + perLine).entries()) {
        if (i > 0) children.push(new TextRun({ children: [new Tab()] }));
        children.push(new TextRun(`${item.label}. `), ...(await this.runs.inline(item.content)));
      }
      this.blocks.push(new Paragraph({ indent: { left: indent }, tabStops, children }));
    }
  }

  /** A fill question whose stem has no gaps of its own: a numbered line per blank. */
  private blankLines(q: PaperQuestionView, indent: number): void {
    const children: ParagraphChild[] = [];
    for (const [i] of q.items.entries()) {
      if (i > 0) children.push(new TextRun('    '));
      children.push(new TextRun({ text: `\u00a0\u00a0(${i + 1})${'\u00a0'.repeat(20)}`, underline: {} }));
    }
    if (children.length) this.blocks.push(new Paragraph({ indent: { left: indent }, children }));
  }

  /** 【答案】 by type: letters, 正确/错误, each blank's accepted answers, the reference answer and scoring points. */
  private async answer(q: PaperQuestionView, indent: number): Promise<void> {
    const l = this.l;
    let body: ParagraphChild[] | undefined;
    switch (q.type) {
      case 'single':
      case 'multiple': {
        if (!q.items.some((i) => i.isAnswer !== undefined)) return;
        const letters = q.items.filter((i) => i.isAnswer).map((i) => i.label);
        body = [new TextRun(letters.length ? letters.join('') : l.none)];
        break;
      }
      case 'judge':
        if (q.answer === undefined) return;
        body = [new TextRun(q.answer === 'T' ? l.right : q.answer === 'F' ? l.wrong : l.none)];
        break;
      case 'fill': {
        if (!q.items.some((i) => i.content)) return;
        body = [];
        for (const [i, item] of q.items.entries()) {
          if (i > 0) body.push(new TextRun(l.separator));
          const alternatives = item.content
            .split('|')
            .map((a) => a.trim())
            .filter(Boolean);
          body.push(new TextRun(`(${i + 1}) `), ...(await this.runs.inline(alternatives.join(l.or))));
        }
        break;
      }
      case 'composite':
        // Each child says its own.
        if (!q.answer || htmlToPieces(q.answer).length === 0) return;
        body = await this.runs.inline(q.answer);
        break;
      default: {
        if (q.answer === undefined) return;
        body = htmlToPieces(q.answer).length ? await this.runs.inline(q.answer) : [new TextRun(l.none)];
      }
    }
    await this.labelled(l.answer, body, indent);
    if (q.type === 'short' && q.items.length > 0) {
      const points: ParagraphChild[] = [];
      for (const [i, item] of q.items.entries()) {
        if (i > 0) points.push(new TextRun({ break: 1 }));
        points.push(new TextRun(`(${i + 1}) `), ...(await this.runs.inline(item.content)));
        if (item.score) points.push(new TextRun(` ${l.score(num(item.score)).trim()}`));
      }
      await this.labelled(l.points, points, indent);
    }
  }

  private async labelled(label: string, body: ParagraphChild[], indent: number): Promise<void> {
    this.blocks.push(
      new Paragraph({ indent: { left: indent }, children: [new TextRun({ text: label, bold: true }), ...body] }),
    );
  }
}

/**
 * Choice and true/false stems end in a bracket to answer in, as printed papers do — unless the stem already has
 * one (（ ） or ( ) with only spaces inside).
 */
function bracketFor(q: PaperQuestionView): string | undefined {
  if (!CHOICES.has(q.type)) return undefined;
  return /[（(][\s\u00a0\u3000]*[）)]/.test(q.stem.replace(/<[^>]*>/g, '')) ? undefined : '（\u3000\u3000）';
}

/**
 * How wide an option is in half-width characters (CJK count two, a formula by its LaTeX), or undefined when it
 * cannot share a line: a picture, or more than one line.
 */
function textWidth(html: string): number | undefined {
  const lines = htmlToPieces(html);
  if (lines.length > 1) return undefined;
  let width = 0;
  for (const piece of lines[0] ?? []) {
    if (piece.kind === 'picture') return undefined;
    if (piece.kind === 'formula') width += Math.ceil(piece.latex.length * 0.7);
    else for (const ch of piece.text) width += /[\u2e80-\uffef]/.test(ch) ? 2 : 1;
  }
  return width;
}
