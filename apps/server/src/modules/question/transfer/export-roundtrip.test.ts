import type { QuestionDraft } from '@shixun/contracts';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { draft as q } from './excel-examples.ts';
import type { PictureSink } from './types.ts';
import { readWord } from './word-read.ts';
import { writeWord } from './word-write.ts';

/**
 * The import reads the layouts of real papers (answer keys, parts, answers in brackets, sources …); what the
 * product exports must still read back as it was, even where a question's text looks like one of those layouts.
 */

const p = (html: string) => `<p>${html}</p>`;
const option = (html: string, right = false) => ({ content: p(html), isAnswer: right ? 1 : 0, score: 0, config: {} });

const LOOKALIKES: QuestionDraft[] = [
  // Lines numbered like parts, a bracket holding a letter, a score in brackets.
  q({
    type: 'single',
    stem: p('读下面的句子：') + p('（1）春天来了。') + p('（2）花开了。') + p('上面句子的主语是（ ）'),
    items: [option('春天', true), option('花')],
    score: 2,
  }),
  q({ type: 'single', stem: p('（2分）下列说法正确的是（ A ）'), items: [option('甲', true), option('乙')], score: 2 }),
  // Lines and text that look like options.
  q({
    type: 'multiple',
    stem: p('下列各项：') + p('A. 第一项说法') + p('B. 第二项说法'),
    items: [option('只有A', true), option('只有B', true), option('都不对')],
    score: 3,
  }),
  q({ type: 'single', stem: p('Which is right? A. yes B. no'), items: [option('A. yes', true), option('B. no')] }),
  // A source tag, numbered points and field names inside an answer and an analysis.
  q({
    type: 'short',
    stem: p('(2024•北京)简述光合作用。'),
    answer: p('1. 制造有机物') + p('2. 释放氧气') + p('答案：见课本'),
    analysis: p('解析：本题考查光合作用。') + p('故选：A．'),
    score: 4,
  }),
  // Digits after the number, a key title and a heading inside a stem, a passage's instructions.
  q({
    type: 'fill',
    stem: p('3.14是____的近似值，2.2024年是____年。'),
    items: [
      { content: 'π|pi', isAnswer: 0, score: 1, config: {} },
      { content: '闰', isAnswer: 0, score: 1, config: {} },
    ],
    score: 2,
  }),
  q({ type: 'judge', stem: p('参考答案') + p('一、这是一句话'), answer: 'T' }),
  q({ type: 'short', stem: p('阅读下面的文字，完成5～6题。'), answer: p('略') }),
];

const pictures: PictureSink = { save: async () => '/files/picture.png' };

describe('exports of text that looks like a paper’s layouts', () => {
  it('read back as they were', async () => {
    const file = await writeWord(LOOKALIKES, {
      title: '题库',
      withAnswers: true,
      pictures: { load: async () => undefined },
    });
    const read = await readWord(file, pictures);
    expect(read.flatMap((x) => x.problems)).toEqual([]);
    expect(read.map((x) => x.draft)).toEqual(LOOKALIKES);
  });
});

const cell = (html: string) => `<td>${html}</td>`;
const TABLES: QuestionDraft[] = [
  q({
    type: 'single',
    stem:
      p('读下表，回答问题。') +
      `<table><tr><td colspan="2">${p('<strong>零件</strong>清单')}</td></tr>` +
      `<tr>${cell(p('齿轮'))}${cell(p('2 个') + p('45 钢'))}</tr><tr>${cell(p('轴'))}${cell('')}</tr></table>` +
      p('表中齿轮的数量是（ ）'),
    items: [option('2 个', true), option('3 个')],
    score: 2,
  }),
  q({
    type: 'short',
    stem: p('按下表填写检测结果。'),
    answer: `<table><tr>${cell(p('尺寸'))}${cell(p('结果'))}</tr><tr>${cell(p('$\\phi 20$'))}${cell(p('合格'))}</tr></table>`,
    analysis: `${p('先看表头：')}<table><tr>${cell(p('A'))}${cell(p('B'))}</tr></table>${p('再逐行填写。')}`,
    score: 4,
  }),
  // A header row and a cell spanning two rows.
  q({
    type: 'judge',
    stem:
      '<table><thead><tr><th><p>工序</p></th><th><p>设备</p></th></tr></thead>' +
      `<tbody><tr><td rowspan="2">${p('车削')}</td>${cell(p('车床'))}</tr><tr>${cell(p('数控车床'))}</tr></tbody></table>` +
      p('车削可以在两种设备上完成。'),
    answer: 'T',
  }),
];

describe('tables in questions', () => {
  it('are written as Word tables with borders, which read back as the same tables', async () => {
    const file = await writeWord(TABLES, { title: '', withAnswers: true, pictures: { load: async () => undefined } });
    const xml = await (await JSZip.loadAsync(file)).file('word/document.xml')!.async('string');
    expect(xml.match(/<w:tbl>/g)).toHaveLength(4);
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toMatch(/<w:tblBorders>[\s\S]*<w:insideH w:val="single"/);
    const read = await readWord(file, pictures);
    expect(read.flatMap((x) => x.problems)).toEqual([]);
    expect(read.map((x) => x.draft)).toEqual(TABLES);
  });
});
