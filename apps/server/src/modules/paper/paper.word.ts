import type { Locale, PaperView } from '@shixun/contracts';
import { AlignmentType, Document, Footer, LineRuleType, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import { answerSheet } from './word/answer-sheet.ts';
import { labelsFor } from './word/labels.ts';
import { SIZE } from './word/layout.ts';
import { paperBody } from './word/paper-body.ts';

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

/**
 * A paper as a .docx a teacher prints: the title centred, a line with its type, total score, duration and pass
 * score, a 姓名/班级/学号 line, the 考试说明; each section as a heading with its count and score (sub-sections
 * numbered 1. 2.), numbered questions with their score, options A. B. … (side by side when short), blanks as
 * numbered underlined gaps, formulas as Word equations, pictures embedded. With `answers` / `analysis` the key
 * and the analysis follow each question (only what the view holds: it has them only for those who may change the
 * paper); with `sheet` an answer sheet (答题卡) follows on a new page.
 */
export async function writePaperWord(view: PaperView, options: PaperWordOptions): Promise<Buffer> {
  const blocks = await paperBody(view, options);
  if (options.sheet) blocks.push(...answerSheet(view, options.locale));
  const l = labelsFor(options.locale);
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
        children: blocks,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
