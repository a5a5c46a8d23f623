import type { Locale, PaperQuestionView, PaperSection, PaperView } from '@shixun/contracts';
import {
  AlignmentType,
  BorderStyle,
  LineRuleType,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import { type Labels, labelsFor } from './labels.ts';
import { CHOICES, COLUMN, GREY, INDENT, num, SIZE, sectionHeading, studentLine } from './layout.ts';

/**
 * The answer sheet: a new page with the title and the student line, then per top-level section a grid of
 * numbers with option boxes for choice and true/false questions, and lines to write on for the others.
 */
export function answerSheet(view: PaperView, locale: Locale): (Paragraph | Table)[] {
  const sheet = new AnswerSheet(view, locale);
  sheet.write();
  return sheet.blocks;
}

class AnswerSheet {
  readonly blocks: (Paragraph | Table)[] = [];
  private readonly l: Labels;

  constructor(
    private readonly view: PaperView,
    private readonly locale: Locale,
  ) {
    this.l = labelsFor(locale);
  }

  write(): void {
    const l = this.l;
    this.blocks.push(
      new Paragraph({
        pageBreakBefore: true,
        alignment: AlignmentType.CENTER,
        spacing: { after: 60 },
        children: [new TextRun({ text: `${this.view.paper.title} · ${l.sheet}`, bold: true, size: SIZE.title - 4 })],
      }),
    );
    this.blocks.push(studentLine(this.locale));
    this.blocks.push(
      new Paragraph({ spacing: { after: 160 }, children: [new TextRun({ text: l.sheetNote, size: SIZE.small })] }),
    );
    for (const [i, section] of this.view.sections.entries()) {
      this.blocks.push(sectionHeading(section, i + 1, 0, this.locale));
      this.questions(allQuestions(section), 0);
    }
  }

  /** Runs of choice questions as one grid each; the others as their number and lines. */
  private questions(questions: PaperQuestionView[], depth: number): void {
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
      if (q.type === 'composite') this.questions(q.children, depth + 1);
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
