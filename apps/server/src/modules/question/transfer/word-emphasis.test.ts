import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../core/html/sanitize.ts';
import { draft as q } from './excel-examples.ts';
import type { PictureSink } from './types.ts';
import { readWord } from './word-read.ts';
import { writeWord } from './word-write.ts';

/** 着重号: the dots Word draws under characters (w:em), read into rich text and written back. */

const pictures: PictureSink = { save: async () => '/files/picture.png' };
const noPictures = { load: async () => undefined };

describe('emphasis dots (着重号)', () => {
  it('are read from Word as a span the sanitiser keeps', async () => {
    const file = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph('一、单选题'),
              new Paragraph({
                children: [
                  new TextRun('1. 下列加点字的读音正确的是（ ）'),
                  new TextRun({ text: '着', emphasisMark: {} }),
                  new TextRun({ text: '重', emphasisMark: {}, bold: true }),
                  new TextRun('号'),
                ],
              }),
              new Paragraph('A. zhuó'),
              new Paragraph('B. zháo'),
              new Paragraph('答案：A'),
            ],
          },
        ],
      }),
    );
    const [read] = await readWord(file, pictures);
    const stem = '<p>下列加点字的读音正确的是（ ）<span class="emphasis-dot">着<strong>重</strong></span>号</p>';
    expect(read!.problems).toEqual([]);
    expect(read!.draft.stem).toBe(stem);
    expect(sanitizeRichText(stem, [])).toBe(stem);
  });

  it('are written back to Word and read again unchanged', async () => {
    const drafts = [
      q({
        type: 'short',
        stem: '<p>解释句中加点的词：学而<span class="emphasis-dot">时</span>习之。</p>',
        answer: '<p><span class="emphasis-dot"><u>时</u></span>：按时。</p>',
        score: 2,
      }),
    ];
    const file = await writeWord(drafts, { title: '', withAnswers: true, pictures: noPictures });
    const read = await readWord(file, pictures);
    expect(read.flatMap((x) => x.problems)).toEqual([]);
    expect(read.map((x) => x.draft)).toEqual(drafts);
  });
});
