import { chineseNumeral, OPTION_LABELS, type QuestionDraft } from '@shixun/contracts';
import { AlignmentType, Document, Packer, Paragraph, type ParagraphChild, type Table, TextRun } from 'docx';
import { type PictureSource, RichRuns } from '../../../core/docx/rich-runs.ts';
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
import { tableParts, wordTable } from './word-table.ts';

export interface WordOptions {
  /** The first line of the document; '' for none. */
  title: string;
  /** With answers, analysis and every field (a bank that imports back); without: stems and options (a paper). */
  withAnswers: boolean;
  pictures: PictureSource;
}

/**
 * Questions as a .docx in the layout of LAYOUT.md, so that what is exported imports back: section headings per
 * run of one type, numbered stems, one option per line, field lines, 【复合题】 blocks. Pictures are embedded;
 * formulas become Word equations where that round-trips exactly, else stay `$latex$` text; tables are Word tables
 * (word-table.ts).
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
    customProperties: formulaProperties(writer.runs.formulaSources),
  });
  return Packer.toBuffer(doc);
}

class DocWriter {
  readonly paragraphs: (Paragraph | Table)[] = [];
  /** Text, formulas and pictures as runs; its formula sources go into the file (formula-sources.ts). */
  readonly runs: RichRuns;

  constructor(private readonly options: WordOptions) {
    this.runs = new RichRuns({ pictures: options.pictures });
  }

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
   * that starts like "2." then cannot be taken for the next question when the file is read back. A table ends the
   * paragraph; the text after it is one more paragraph, which the import reads as going on with the same field. A
   * field line (a prefix ending in ：) with empty text is left out.
   */
  private async rich(prefix: string, html: string): Promise<void> {
    const parts = tableParts(html);
    const first = parts[0]?.kind === 'text' ? parts.shift() : undefined;
    const lines = await this.runs.lines(first?.kind === 'text' ? first.html : '');
    if (lines.length === 0 && parts.length === 0 && prefix.endsWith('：')) return;
    this.paragraphs.push(new Paragraph({ children: [new TextRun(prefix), ...joined(lines)] }));
    for (const part of parts) {
      if (part.kind === 'table') {
        const table = await wordTable(part.tokens, this.runs);
        if (table) this.paragraphs.push(table);
        continue;
      }
      const after = await this.runs.lines(part.html);
      if (after.length) this.paragraphs.push(new Paragraph({ children: joined(after) }));
    }
  }
}

/** Lines as the runs of one paragraph, line breaks between them. */
function joined(lines: ParagraphChild[][]): ParagraphChild[] {
  const children: ParagraphChild[] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0) children.push(new TextRun({ break: 1 }));
    children.push(...line);
  }
  return children;
}
