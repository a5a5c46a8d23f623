import { type Locale, type PaperSection, sectionNumber } from '@shixun/contracts';
import { AlignmentType, Paragraph, type ParagraphChild, TextRun } from 'docx';
import { labelsFor } from './labels.ts';

/** Measures and the paragraphs the paper and its answer sheet both print. */

/** A4 with the default margins: the text column in twips (a twip is 1/20 pt). */
export const COLUMN = 9026;
/** A question's options, its answer lines and a composite question's children sit this far in. */
export const INDENT = 420;
export const GREY = '808080';
/** Font sizes in half-points. */
export const SIZE = { title: 36, heading: 24, body: 21, small: 18 };

export const CHOICES = new Set(['single', 'multiple', 'judge']);
/** 2 → "2", 2.5 → "2.5" (scores are kept to a tenth). */
export const num = (n: number) => String(Math.round(n * 10) / 10);

/** 姓名：______ 班级：______ 学号：______ */
export function studentLine(locale: Locale): Paragraph {
  const l = labelsFor(locale);
  const blank = '\u00a0'.repeat(18);
  const children: ParagraphChild[] = [];
  for (const [i, name] of l.student.entries()) {
    if (i > 0) children.push(new TextRun('    '));
    children.push(new TextRun(`${name}${l.colon}`), new TextRun({ text: blank, underline: {} }));
  }
  return new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 200 }, children });
}

/** A section's heading with its number, question count and score; sub-sections (depth > 0) smaller. */
export function sectionHeading(section: PaperSection, n: number, depth: number, locale: Locale): Paragraph {
  const no = sectionNumber(section.name, n, depth, locale === 'en' ? 'en' : 'zh');
  return new Paragraph({
    keepNext: true,
    spacing: { before: depth === 0 ? 240 : 120, after: 80 },
    children: [
      new TextRun({ text: `${no}${section.name}`, bold: true, size: depth === 0 ? SIZE.heading : SIZE.body }),
      new TextRun({
        text: labelsFor(locale).sectionTotals(section.questionCount, num(section.score)),
        bold: depth === 0,
        size: depth === 0 ? SIZE.heading : SIZE.body,
      }),
    ],
  });
}
