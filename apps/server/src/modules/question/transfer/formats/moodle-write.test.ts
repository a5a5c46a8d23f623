import type { QuestionDraft } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../../core/docx/xml-node.ts';
import { mapText } from '../../question.drafts.ts';
import { draft as q } from '../excel-examples.ts';
import { formulasAsNodes } from '../html.ts';
import { memoryPictures, PNG } from '../pictures.fixtures.ts';
import { writeMoodle } from './moodle-write.ts';
import { readMoodleXml } from './moodle-xml.ts';

/** An export to Moodle XML reads back to the same questions (as export-roundtrip.test.ts asks of Word). */

const p = (html: string) => `<p>${html}</p>`;
const option = (html: string, right = false) => ({ content: p(html), isAnswer: right ? 1 : 0, score: 0, config: {} });
const blank = (answers: string, score = 0, config = {}) => ({ content: answers, isAnswer: 0, score, config });
const point = (html: string, score: number) => ({ content: p(html), isAnswer: 0, score, config: {} });
/** The editor's formula node, as the import makes it (formulasAsNodes). */
const formula = (latex: string) => formulasAsNodes(`$${latex}$`);

/** Every type, a composite with children, blanks with alternatives, rules and scores, formulas, every field. */
function drafts(picture: string): QuestionDraft[] {
  return [
    q({
      type: 'single',
      stem: p(`分数 ${formula('\\frac{a}{b}')} 中，a 叫作（ ）。`) + p(`<img src="${picture}" alt="图一">`),
      items: [option('分子', true), option('分母'), option(`${formula('x^{2}')} 与 a &lt; b`)],
      analysis: p('横线上面的数是<strong>分子</strong>。'),
      difficulty: 2,
      score: 2.5,
      discipline: 'math',
      source: '期中考试',
      knowledge: ['数学/分数', '数学/基础'],
    }),
    q({
      type: 'multiple',
      stem: p('下列是直辖市的有（ ）。'),
      items: [option('北京', true), option('上海', true), option('广州'), option('重庆', true)],
      score: 3,
      difficulty: 4,
    }),
    q({ type: 'judge', stem: p('地球是圆的。'), answer: 'T', score: 1 }),
    q({ type: 'judge', stem: p('太阳从西边升起。'), answer: 'F', analysis: p('从东边。') }),
    q({
      type: 'fill',
      stem: p('圆周率约等于____。'),
      items: [blank('3.14|π|pi', 2, { caseSensitive: true })],
      score: 2,
    }),
    q({
      type: 'fill',
      stem: p('我国的首都是____，最大的城市是____。'),
      items: [blank('北京', 1), blank('上海|沪|Shang~hai {x}', 1.5, { ignoreSpace: true, ignoreWidth: true })],
      score: 2.5,
      discipline: 'cn',
    }),
    q({
      type: 'short',
      stem: p('简述安全用电的注意事项。') + p('（至少写出两条）'),
      answer: p('不用湿手触摸开关。') + p(`发现有人触电，先切断电源。<img src="${picture}">`),
      items: [point('不用湿手触摸开关', 2), point('先切断电源', 3)],
      score: 5,
      knowledge: ['电工/安全用电'],
    }),
    q({
      type: 'composite',
      stem: p('阅读下面的材料，回答问题。') + p(`某轴的直径为 ${formula('\\frac{a}{b}')} mm。`),
      analysis: p('结合材料作答。'),
      score: 6,
      children: [
        q({ type: 'single', stem: p('该零件是（ ）。'), items: [option('轴', true), option('齿轮')], score: 2 }),
        q({ type: 'fill', stem: p('公差等于____ mm。'), items: [blank('0.02|0.020')], score: 2 }),
        q({ type: 'practical', stem: p('画出该轴。'), answer: p('略'), score: 2 }),
      ],
    }),
    q({ type: 'practical', stem: p('按图纸完成零件的划线。'), answer: p('划线清晰，尺寸准确。'), score: 10 }),
    q({
      type: 'file',
      stem: p('上传你画好的电路图。'),
      config: { fileTypes: ['pdf', 'png'], maxSizeMb: 20 },
      score: 10,
    }),
    // Text that looks like Moodle's own markup: a cloze answer, MathJax delimiters, CDATA's end, a file link.
    q({
      type: 'short',
      stem: p('{1:SHORTANSWER:=北京} 是填空的写法；]]&gt; 结束 CDATA；@@PLUGINFILE@@/a.png 是图片的写法。'),
      answer: p('写成 \\\\( 与 {#1}'),
    }),
  ];
}

describe('Moodle XML export', () => {
  it('reads back to the same questions, every type, with pictures and formulas', async () => {
    const pictures = memoryPictures();
    const url = await pictures.sink.save(PNG, 'image/png', 'a.png');
    const written = drafts(url);
    const file = await writeMoodle(written, { title: '题库导出', pictures: pictures.source });
    const read = await readMoodleXml(file.toString('utf8'), pictures.sink);
    expect(read.flatMap((x) => x.problems)).toEqual([]);
    expect(read.map((x) => mapText(x.draft, formulasAsNodes))).toEqual(written);
  });

  it('writes what Moodle reads: types, fractions, MathJax, embedded pictures', async () => {
    const pictures = memoryPictures();
    const url = await pictures.sink.save(PNG, 'image/png', 'a.png');
    const text = (await writeMoodle(drafts(url), { title: '题库', pictures: pictures.source })).toString('utf8');
    const quiz = parseXml(text).find((n) => n.name === 'quiz')!;
    const types = quiz.children.flatMap((c) => (typeof c === 'string' ? [] : [c.attrs.type]));
    expect(types).toEqual([
      'category',
      'multichoice',
      'multichoice',
      'truefalse',
      'truefalse',
      'shortanswer',
      'cloze',
      'essay',
      'description',
      'multichoice',
      'shortanswer',
      'essay',
      'essay',
      'essay',
      'essay',
    ]);
    // Three right answers share 100 %, the wrong one takes it back.
    expect(text).toContain('fraction="33.33333"');
    expect(text).toContain('fraction="-100"');
    expect(text).toContain('\\(\\frac{a}{b}\\)');
    expect(text).toContain('<img src="@@PLUGINFILE@@/picture-1.png" alt="图一">');
    expect(text).toContain(`<file name="picture-1.png" path="/" encoding="base64">${PNG.toString('base64')}</file>`);
    expect(text).toContain('{1:SHORTANSWER:=北京}　（2）{1:SHORTANSWER:=上海~=沪~=Shang\\~hai {x\\}}');
  });

  it('names a picture it cannot load', async () => {
    const file = await writeMoodle([q({ type: 'short', stem: p('看图：<img src="/files/gone.png">') })], {
      title: '',
      pictures: { load: async () => undefined },
    });
    const [read] = await readMoodleXml(file.toString('utf8'), memoryPictures().sink);
    expect(read!.draft.stem).toBe(p('看图：[图片]'));
  });
});
