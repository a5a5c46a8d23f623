import {
  type Locale,
  PAPER_TYPE_NAMES,
  type PaperQuestionView,
  type PaperSection,
  type PaperView,
  sectionNumber,
} from '@shixun/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import { htmlToPieces } from '../../core/docx/rich-pieces.ts';
import { type PictureSource, pictureType, RichRuns } from '../../core/docx/rich-runs.ts';

export interface PaperWordOptions {
  /** 【答案】 after each question (when the view holds them: the caller may change the paper and asked). */
  answers: boolean;
  /** 【解析】 after each question (same condition). */
  analysis: boolean;
  /** A page break, then an answer sheet (答题卡). */
  sheet: boolean;
  locale: Locale;
  /** The bytes of a picture the rich text links to (`<img src>`); undefined when it cannot be read. */
  readFile(link: string): Promise<Buffer | undefined>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Everything the document says besides the paper's own text, in both languages. */
const LABELS = {
  zh: {
    total: (s: string) => `总分 ${s} 分`,
    duration: (m: number) => (m > 0 ? `时长 ${m} 分钟` : '不限时'),
    pass: (s: string) => `及格 ${s} 分`,
    student: ['姓名', '班级', '学号'],
    colon: '：',
    remark: '考试说明：',
    sectionTotals: (count: number, score: string) => `（共 ${count} 题，${score} 分）`,
    score: (s: string) => `（${s} 分）`,
    answer: '【答案】',
    analysis: '【解析】',
    points: '【评分要点】',
    right: '正确',
    wrong: '错误',
    or: ' 或 ',
    none: '（无）',
    separator: '；',
    picture: '[图片]',
    sheet: '答题卡',
    sheetNote: '选择题、判断题请将所选选项涂黑（■）；其余各题在对应位置作答，超出答题区域的答案无效。',
    judgeBoxes: ['√', '×'],
    practical: '（实操题：按要求现场完成）',
    file: '（文件题：按要求提交文件）',
    page: (current: string, total: string) => ['第 ', current, ' 页 共 ', total, ' 页'],
  },
  en: {
    total: (s: string) => `Total ${s} points`,
    duration: (m: number) => (m > 0 ? plural(m, 'minute', 'minutes') : 'No time limit'),
    pass: (s: string) => `Pass mark ${s}`,
    student: ['Name', 'Class', 'Student No.'],
    colon: ': ',
    remark: 'Instructions: ',
    sectionTotals: (count: number, score: string) =>
      ` (${plural(count, 'question', 'questions')}, ${score} ${score === '1' ? 'point' : 'points'})`,
    score: (s: string) => `(${s} ${s === '1' ? 'point' : 'points'}) `,
    answer: '[Answer] ',
    analysis: '[Analysis] ',
    points: '[Scoring points] ',
    right: 'True',
    wrong: 'False',
    or: ' or ',
    none: '(none)',
    separator: '; ',
    picture: '[picture]',
    sheet: 'Answer sheet',
    sheetNote:
      'For choice and true/false questions, fill in the box of your answer (■); answer the others in their space. Answers outside it are not marked.',
    judgeBoxes: ['T', 'F'],
    practical: '(Practical: done as instructed)',
    file: '(File answer: hand in the file as instructed)',
    page: (current: string, total: string) => ['Page ', current, ' of ', total],
  },
} as const;
type Labels = (typeof LABELS)[Locale];

/** A4 with the default margins: the text column in twips (a twip is 1/20 pt). */
const COLUMN = 9026;
/** A question's options, its answer lines and a composite question's children sit this far in. */
const INDENT = 420;
const GREY = '808080';
/** Font sizes in half-points. */
const SIZE = { title: 36, heading: 24, body: 21, small: 18 };

const CHOICES = new Set(['single', 'multiple', 'judge']);
/** 2 → "2", 2.5 → "2.5" (scores are kept to a tenth). */
const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A paper as a .docx a teacher prints: the title centred, a line with its type, total score, duration and pass
 * score, a 姓名/班级/学号 line, the 考试说明; each section as a heading with its count and score (sub-sections
 * numbered 1. 2.), numbered questions with their score, options A. B. … (side by side when short), blanks as
 * numbered underlined gaps, formulas as Word equations, pictures embedded. With `answers` / `analysis` the key
 * and the analysis follow each question (only what the view holds: it has them only for those who may change the
 * paper); with `sheet` an answer sheet (答题卡) follows on a new page.
 */
export async function writePaperWord(view: PaperView, options: PaperWordOptions): Promise<Buffer> {
  const writer = new PaperWriter(view, options);
  await writer.paper();
  if (options.sheet) writer.sheet();
  const l = writer.l;
  const doc = new Document({
    title: view.paper.title,
    styles: {
      default: {
        document: {
          run: { font: { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' }, size: SIZE.body },
          // Lines grow with what they hold (a picture, a tall formula): `auto` is a multiple, never a fixed height.
          paragraph: { spacing: { after: 60, line: 300, lineRule: LineRuleType.AUTO } },
        },
      },
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: [...l.page(PageNumber.CURRENT, PageNumber.TOTAL_PAGES)] })],
              }),
            ],
          }),
        },
        children: writer.blocks,
      },
    ],
  });
  return Packer.toBuffer(doc);
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

class PaperWriter {
  readonly blocks: (Paragraph | Table)[] = [];
  readonly l: Labels;
  private readonly runs: RichRuns;

  constructor(
    private readonly view: PaperView,
    private readonly options: PaperWordOptions,
  ) {
    this.l = LABELS[options.locale] ?? LABELS.zh;
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
    this.studentLine();
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

  /** 姓名：______ 班级：______ 学号：______ */
  private studentLine(): void {
    const blank = '\u00a0'.repeat(18);
    const children: ParagraphChild[] = [];
    for (const [i, name] of this.l.student.entries()) {
      if (i > 0) children.push(new TextRun('    '));
      children.push(new TextRun(`${name}${this.l.colon}`), new TextRun({ text: blank, underline: {} }));
    }
    this.blocks.push(new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 200 }, children }));
  }

  private sectionHeading(section: PaperSection, n: number, depth: number): Paragraph {
    const no = sectionNumber(section.name, n, depth, this.options.locale === 'en' ? 'en' : 'zh');
    return new Paragraph({
      keepNext: true,
      spacing: { before: depth === 0 ? 240 : 120, after: 80 },
      children: [
        new TextRun({ text: `${no}${section.name}`, bold: true, size: depth === 0 ? SIZE.heading : SIZE.body }),
        new TextRun({
          text: this.l.sectionTotals(section.questionCount, num(section.score)),
          bold: depth === 0,
          size: depth === 0 ? SIZE.heading : SIZE.body,
        }),
      ],
    });
  }

  private async section(section: PaperSection, n: number, depth: number): Promise<void> {
    this.blocks.push(this.sectionHeading(section, n, depth));
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

  /**
   * The answer sheet: a new page with the title and the student line, then per top-level section a grid of
   * numbers with option boxes for choice and true/false questions, and lines to write on for the others.
   */
  sheet(): void {
    const l = this.l;
    this.blocks.push(
      new Paragraph({
        pageBreakBefore: true,
        alignment: AlignmentType.CENTER,
        spacing: { after: 60 },
        children: [new TextRun({ text: `${this.view.paper.title} · ${l.sheet}`, bold: true, size: SIZE.title - 4 })],
      }),
    );
    this.studentLine();
    this.blocks.push(
      new Paragraph({ spacing: { after: 160 }, children: [new TextRun({ text: l.sheetNote, size: SIZE.small })] }),
    );
    for (const [i, section] of this.view.sections.entries()) {
      this.blocks.push(this.sectionHeading(section, i + 1, 0));
      this.sheetQuestions(allQuestions(section), 0);
    }
  }

  /** Runs of choice questions as one grid each; the others as their number and lines. */
  private sheetQuestions(questions: PaperQuestionView[], depth: number): void {
    let grid: PaperQuestionView[] = [];
    let afterLines = false;
    const flush = () => {
      if (grid.length) {
        if (afterLines)
          this.blocks.push(
            new Paragraph({ spacing: { after: 0, line: 160, lineRule: LineRuleType.AUTO }, children: [] }),
          );
        this.blocks.push(this.grid(grid, depth * INDENT));
        // Room between the grid and what follows (and a paragraph between two tables, which Word needs).
        this.blocks.push(
          new Paragraph({ spacing: { after: 0, line: 160, lineRule: LineRuleType.AUTO }, children: [] }),
        );
      }
      grid = [];
    };
    for (const q of questions) {
      if (CHOICES.has(q.type)) {
        grid.push(q);
        continue;
      }
      flush();
      afterLines = true;
      const prefix = depth === 0 ? `${q.no}.` : q.no;
      this.blocks.push(
        new Paragraph({
          indent: { left: depth * INDENT },
          spacing: { before: 80 },
          keepNext: true,
          children: [new TextRun({ text: prefix, bold: depth === 0 }), new TextRun(` ${this.l.score(num(q.score))}`)],
        }),
      );
      const indent = (depth + 1) * INDENT;
      if (q.type === 'composite') this.sheetQuestions(q.children, depth + 1);
      else if (q.type === 'fill') {
        for (let i = 0; i < Math.max(1, q.items.length); i++) this.blocks.push(ruledLine(indent, `(${i + 1}) `));
      } else if (q.type === 'practical' || q.type === 'file') {
        this.blocks.push(
          new Paragraph({
            indent: { left: indent },
            children: [new TextRun({ text: q.type === 'practical' ? this.l.practical : this.l.file, color: GREY })],
          }),
        );
      } else for (let i = 0; i < 6; i++) this.blocks.push(ruledLine(indent));
    }
    flush();
  }

  /** Choice questions four to a row: "12  [A] [B] [C] [D]". */
  private grid(questions: PaperQuestionView[], indent: number): Table {
    const perRow = questions.some((q) => q.items.length > 5) ? 3 : 4;
    const width = COLUMN - indent;
    const cellWidth = Math.floor(width / perRow);
    const border = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' };
    const rows: TableRow[] = [];
    for (let at = 0; at < questions.length; at += perRow) {
      const cells = questions.slice(at, at + perRow).map((q) => {
        const boxes = q.type === 'judge' ? [...this.l.judgeBoxes] : q.items.map((i) => i.label);
        return new TableCell({
          width: { size: cellWidth, type: WidthType.DXA },
          children: [
            new Paragraph({
              spacing: { before: 40, after: 40 },
              children: [
                new TextRun({ text: `${q.no}`.padEnd(4, '\u00a0'), bold: true, size: SIZE.small }),
                new TextRun({ text: boxes.map((b) => `[${b}]`).join(' '), size: SIZE.small }),
              ],
            }),
          ],
        });
      });
      while (cells.length < perRow) {
        cells.push(new TableCell({ width: { size: cellWidth, type: WidthType.DXA }, children: [new Paragraph('')] }));
      }
      rows.push(new TableRow({ children: cells }));
    }
    return new Table({
      rows,
      width: { size: width, type: WidthType.DXA },
      columnWidths: Array.from({ length: perRow }, () => cellWidth),
      indent: { size: indent, type: WidthType.DXA },
      borders: {
        top: border,
        bottom: border,
        left: border,
        right: border,
        insideHorizontal: border,
        insideVertical: border,
      },
    });
  }
}

/** A section's questions and those of its sub-sections, in paper order (the sheet numbers them straight through). */
function allQuestions(section: PaperSection): PaperQuestionView[] {
  return [...section.questions, ...section.children.flatMap(allQuestions)];
}

/** A line to write on: an underlined tab to the right margin, with room above it for handwriting. */
function ruledLine(indent: number, label = ''): Paragraph {
  return new Paragraph({
    indent: { left: indent },
    spacing: { before: 200, after: 0 },
    tabStops: [{ type: TabStopType.RIGHT, position: COLUMN }],
    children: [...(label ? [new TextRun(label)] : []), new TextRun({ children: [new Tab()], underline: {} })],
  });
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
