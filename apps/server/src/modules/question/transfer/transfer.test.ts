import type { QuestionDraft } from '@shixun/contracts';
import {
  AlignmentType,
  Document,
  Math as DocxMath,
  MathFraction,
  MathRadical,
  MathRun,
  MathSum,
  MathSuperScript,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ommlToLatex } from '../../../core/docx/omml-latex.ts';
import { parseXml } from '../../../core/docx/xml-node.ts';
import { AppError } from '../../../core/http/errors.ts';
import { excelTemplate, readSheet, writeExcel } from './excel.ts';
import { draft as q } from './excel-examples.ts';
import { memoryPictures, PNG } from './pictures.fixtures.ts';
import type { ParsedQuestion } from './types.ts';
import { readWord } from './word-read.ts';
import { writeWord } from './word-write.ts';

/** The questions of a sheet, as the import reads them. */
const readExcel = async (upload: Parameters<typeof readSheet>[0]) => (await readSheet(upload)).questions;

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

const p = (html: string) => `<p>${html}</p>`;
const option = (html: string, right = false) => ({ content: p(html), isAnswer: right ? 1 : 0, score: 0, config: {} });
const blank = (answers: string, score = 0, config = {}) => ({ content: answers, isAnswer: 0, score, config });
const point = (html: string, score: number) => ({ content: p(html), isAnswer: 0, score, config: {} });

/** Every type, a composite with three children, blanks with alternatives and rules, formulas. */
const DRAFTS: QuestionDraft[] = [
  q({
    type: 'single',
    stem: p('分数 $\\frac{a}{b}$ 中，a 叫作（ ）。'),
    items: [option('分子', true), option('分母'), option('分数线')],
    analysis: p('横线上面的数是分子。'),
    difficulty: 2,
    score: 2.5,
    discipline: 'math',
    source: '期中考试',
    knowledge: ['数学/分数', '数学/基础'],
  }),
  q({
    type: 'multiple',
    stem: p('下列式子中，对任意正数 x、y 都为正的是（ ）。'),
    items: [option('$x^{2}+\\sqrt{y}$', true), option('=x-y'), option('$\\sum_{i=1}^{n} i$', true), option('a &lt; b')],
    score: 3,
    difficulty: 4,
  }),
  q({ type: 'judge', stem: p('$\\sum_{i=1}^{n} i$ 表示 1 到 n 的和。'), answer: 'T', score: 1 }),
  q({
    type: 'fill',
    stem: p('我国的首都是____，最大的城市是____。'),
    items: [blank('北京', 1), blank('上海|沪|Shanghai', 1.5, { caseSensitive: true, ignoreSpace: true })],
    score: 2.5,
    discipline: 'cn',
  }),
  q({
    type: 'short',
    stem: p('简述安全用电的注意事项。') + p('（至少写出两条）'),
    answer: p('不用湿手触摸开关。') + p('发现有人触电，先切断电源。'),
    items: [point('不用湿手触摸开关', 2), point('先切断电源', 3)],
    score: 5,
    knowledge: ['电工/安全用电'],
  }),
  q({
    type: 'composite',
    stem: p('阅读下面的材料，回答问题。') + p('某轴的直径为 $\\frac{a}{b}$ mm，公差为 0.02 mm。'),
    analysis: p('结合材料作答。'),
    score: 6,
    children: [
      q({ type: 'single', stem: p('该零件是（ ）。'), items: [option('轴', true), option('齿轮')], score: 2 }),
      q({
        type: 'fill',
        stem: p('公差等于____ mm。'),
        items: [blank('0.02|0.020', 0, { ignoreWidth: true })],
        score: 2,
      }),
      q({ type: 'judge', stem: p('该零件不需要检验。'), answer: 'F', score: 2 }),
    ],
  }),
  q({ type: 'practical', stem: p('按图纸完成零件的划线。'), answer: p('划线清晰，尺寸准确。'), score: 10 }),
  q({
    type: 'file',
    stem: p('上传你画好的电路图。'),
    config: { fileTypes: ['pdf', 'png'], maxSizeMb: 20 },
    score: 10,
  }),
];

/** Formulas compared without white space (`\sum_{i=1}^{n} i` and `\sum_{i=1}^{n}i` are the same formula). */
function normaliseFormulas<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_, v) =>
    typeof v === 'string' ? v.replace(/\$([^$]+)\$/g, (_m, latex: string) => `$${latex.replace(/\s+/g, '')}$`) : v,
  );
}

function expectNoProblems(parsed: ParsedQuestion[]) {
  expect(parsed.flatMap((x) => x.problems.map((pr) => ({ label: x.label, ...pr })))).toEqual([]);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  return error as AppError;
}

/** An xlsx whose first sheet holds the given rows (the first row is the header). */
async function sheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('试题');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function docx(children: Paragraph[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
const para = (text: string) => new Paragraph({ children: [new TextRun(text)] });

// ---------------------------------------------------------------------------------------------------------------

describe('Excel', () => {
  it('round-trips every question type', async () => {
    for (const locale of ['zh', 'en'] as const) {
      const parsed = await readExcel(await writeExcel(DRAFTS, locale));
      expectNoProblems(parsed);
      expect(parsed.map((x) => x.draft)).toEqual(DRAFTS);
      expect(parsed[0]!.label).toEqual({ key: 'question.import.row', params: { row: 2 } });
      // The composite question takes four rows (itself and three children): the next one is row 11.
      expect(parsed[6]!.label.params).toEqual({ row: 11 });
    }
  });

  it('writes formula-like text so that a spreadsheet does not run it', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeExcel(DRAFTS, 'zh')) as unknown as ExcelJS.Buffer);
    const values = workbook.worksheets[0]!.getRow(3).values as unknown[];
    expect(values).toContain("'=x-y");
  });

  it('reads its own template, in both languages, without problems', async () => {
    for (const locale of ['zh', 'en'] as const) {
      const file = await excelTemplate(locale);
      const parsed = await readExcel(file);
      expectNoProblems(parsed);
      expect(parsed.map((x) => x.draft.type)).toEqual([
        'single',
        'multiple',
        'judge',
        'fill',
        'short',
        'composite',
        'practical',
        'file',
      ]);
      expect(parsed[5]!.draft.children).toHaveLength(2);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
      expect(workbook.worksheets.map((w) => w.name)).toEqual(
        locale === 'zh' ? ['试题', '说明'] : ['Questions', 'Help'],
      );
    }
  });

  it('reads what people type: answer spellings, Chinese difficulty words, columns in any order', async () => {
    const parsed = await readExcel(
      await sheet([
        ['题干', '答案', '题型', '选项A', '选项B', '选项C', '难度', '分值'],
        ['选出偶数（ ）', 'a、c', '多选', '2', '3', '4', '较难', '3分'],
        ['地球是圆的', '√', '', '', '', '', '', ''],
        ['中国的首都是____', '北京；', '填空题', '', '', '', '', ''],
      ]),
    );
    expectNoProblems(parsed);
    expect(parsed[0]!.draft).toMatchObject({ type: 'multiple', difficulty: 4, score: 3 });
    expect(parsed[0]!.draft.items.map((i) => i.isAnswer)).toEqual([1, 0, 1]);
    expect(parsed[1]!.draft).toMatchObject({ type: 'judge', answer: 'T' });
    expect(parsed[2]!.draft.items.map((i) => i.content)).toEqual(['北京']);
  });

  it('reports each question’s own problems', async () => {
    const parsed = await readExcel(
      await sheet([
        ['题型', '组合题小题', '题干', '选项A', '选项B', '答案', '难度'],
        ['单选题', '', '两个答案', '甲', '乙', 'AB', ''],
        ['判断题', '', '也许', '', '', 'maybe', ''],
        ['论述题', '', '未知题型', '', '', '', ''],
        ['判断题', '是', '没有组合题的小题', '', '', '对', ''],
        ['组合题', '', '没有小题的组合题', '', '', '', ''],
        ['单选题', '', '答案不在选项中', '甲', '乙', 'C', '9'],
        ['单选题', '', '正常的题', '甲', '乙', 'B', ''],
      ]),
    );
    const keys = parsed.map((x) => x.problems.map((pr) => pr.key));
    expect(keys[0]).toEqual(['question.answer.single']);
    expect(keys[1]).toEqual(['question.answer.judge']);
    expect(parsed[2]!.problems).toContainEqual({ key: 'question.import.type', params: { value: '论述题' } });
    expect(keys[3]).toEqual(['question.import.childOutside']);
    expect(keys[4]).toEqual(['question.composite.empty']);
    expect(parsed[5]!.problems).toEqual([
      { key: 'question.difficulty.invalid' },
      { key: 'question.import.answer', params: { value: 'C' } },
      { key: 'question.answer.single' },
    ]);
    expect(keys[6]).toEqual([]);
    expect(parsed.map((x) => x.label.params.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('names the child a problem belongs to', async () => {
    const parsed = await readExcel(
      await sheet([
        ['题型', '组合题小题', '题干', '选项A', '选项B', '答案'],
        ['组合题', '', '材料', '', '', ''],
        ['单选题', 'Y', '第一小题', '甲', '乙', 'A'],
        ['单选题', '1', '第二小题', '甲', '乙', ''],
        ['组合题', '是', '嵌套', '', '', ''],
      ]),
    );
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.draft.children).toHaveLength(3);
    expect(parsed[0]!.problems).toEqual([
      { key: 'question.answer.single', params: { child: 2, row: 4 } },
      { key: 'question.composite.nested', params: { child: 3, row: 5 } },
    ]);
  });

  it('refuses too many questions', async () => {
    const rows = [
      ['题型', '题干', '答案'],
      ...Array.from({ length: 10_001 }, (_, i) => ['判断题', `第 ${i} 题`, '对']),
    ];
    const error = await refusal(readExcel(await sheet(rows)));
    expect(error.key).toBe('question.import.tooMany');
    expect(error.params).toEqual({ max: 10_000 });
  });
});

describe('Word', () => {
  it('round-trips every question type, with a picture and formulas', async () => {
    const pictures = memoryPictures();
    const url = await pictures.sink.save(PNG, 'image/png', 'a.png');
    const drafts = structuredClone(DRAFTS);
    drafts[0]!.stem = p(`如图所示：<img src="${url}">`) + drafts[0]!.stem;
    drafts[6]!.answer = p(`<strong>划线</strong>清晰，H<sub>2</sub>O，x<sup>2</sup> <img src="${url}">`);

    const file = await writeWord(drafts, { title: '题库导出', withAnswers: true, pictures: pictures.source });
    const parsed = await readWord(file, pictures.sink);
    expectNoProblems(parsed);
    expect(normaliseFormulas(parsed.map((x) => x.draft))).toEqual(normaliseFormulas(drafts));
    expect(parsed.map((x) => x.label)).toEqual(
      drafts.map((_, i) => ({ key: 'question.import.item', params: { n: i + 1 } })),
    );
  });

  it('writes the test formulas as Word equations, not as text', async () => {
    const file = await writeWord(DRAFTS, { title: '', withAnswers: true, pictures: memoryPictures().source });
    const xml = await (await JSZip.loadAsync(file)).file('word/document.xml')!.async('string');
    expect(xml.match(/<m:oMath>/g)?.length).toBe(5);
    expect(xml).toContain('<m:f>');
    expect(xml).toContain('<m:rad>');
    expect(xml).toContain('<m:nary>');
    expect(xml).not.toContain('$');
  });

  it('writes the editor’s formula nodes and KaTeX output as formulas', async () => {
    const katexHtml =
      '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>y</mi></mrow>' +
      '<annotation encoding="application/x-tex">\\sqrt{y}</annotation></semantics></math></span>' +
      '<span class="katex-html" aria-hidden="true">y</span></span>';
    const draft = q({
      type: 'judge',
      stem: p(`<span data-type="formula" data-latex="\\frac{a}{b}">\\frac{a}{b}</span> 与 ${katexHtml} 都是式子。`),
      answer: 'T',
    });
    const written = p('$\\frac{a}{b}$ 与 $\\sqrt{y}$ 都是式子。');
    const pictures = memoryPictures();
    const file = await writeWord([draft], { title: '', withAnswers: true, pictures: pictures.source });
    const xml = await (await JSZip.loadAsync(file)).file('word/document.xml')!.async('string');
    expect(xml.match(/<m:oMath>/g)?.length).toBe(2);
    expect((await readWord(file, pictures.sink))[0]!.draft.stem).toBe(written);
    expect((await readExcel(await writeExcel([draft], 'zh')))[0]!.draft.stem).toBe(written);
  });

  it('keeps a formula it cannot turn into an equation as $latex$ text, which reads back', async () => {
    const draft = q({ type: 'judge', stem: p('$\\int_{0}^{1} f(x) dx$ 是定积分。'), answer: 'T' });
    const pictures = memoryPictures();
    const file = await writeWord([draft], { title: '', withAnswers: true, pictures: pictures.source });
    const [parsed] = await readWord(file, pictures.sink);
    expect(parsed!.draft.stem).toBe(draft.stem);
  });

  it('without answers writes stems and options only', async () => {
    const pictures = memoryPictures();
    const file = await writeWord(DRAFTS, { title: '试卷', withAnswers: false, pictures: pictures.source });
    const xml = await (await JSZip.loadAsync(file)).file('word/document.xml')!.async('string');
    expect(xml).toContain('试卷');
    expect(xml).not.toContain('答案');
    expect(xml).not.toContain('解析');
    const parsed = await readWord(file, pictures.sink);
    expect(parsed.map((x) => x.draft.stem)).toEqual(DRAFTS.map((d) => d.stem));
  });

  it('reads a hand-made document in the layout, with a Word equation', async () => {
    const file = await docx([
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('机械基础期末题库')] }),
      para('一、选择题（每题 2 分）'),
      new Paragraph({
        children: [
          new TextRun('1、分数 '),
          new DocxMath({
            children: [new MathFraction({ numerator: [new MathRun('a')], denominator: [new MathRun('b')] })],
          }),
          new TextRun(' 的分母是（ ）'),
        ],
      }),
      para('A．a    B．b'),
      para('C．1    D．0'),
      para('【答案】B'),
      para('解析:分母在横线下面。'),
      para('2. 属于金属的有'),
      para('A. 铁 B. 铜 C. 木头'),
      para('答案：A B'),
      para('分值：4'),
      para('二、判断题'),
      para('3．钢比铝重。'),
      para('答案：√'),
      para('4 铝比钢重。'),
      para('答案：×'),
      para('三、填空题'),
      new Paragraph({
        children: [
          new TextRun('5. '),
          new DocxMath({
            children: [
              new MathSuperScript({ children: [new MathRun('x')], superScript: [new MathRun('2')] }),
              new MathRun('+'),
              new MathRadical({ children: [new MathRun('y')] }),
            ],
          }),
          new TextRun(' 中 x 的指数是____，首都是____。'),
        ],
      }),
      para('答案：2；北京|Beijing'),
      para('填空规则：忽略空格'),
      para('四、简答题'),
      para('6. 简述公差的含义。'),
      para('答案：允许尺寸的变动量。'),
      para('它等于上极限尺寸减下极限尺寸。'),
      para('知识点：机械基础/公差；机械基础/测量'),
      para('难度：4'),
      para('五、组合题'),
      para('【复合题】'),
      para('7. 阅读材料：'),
      new Paragraph({
        children: [
          new TextRun('求和 '),
          new DocxMath({
            children: [
              new MathSum({
                children: [new MathRun('i')],
                subScript: [new MathRun('i=1')],
                superScript: [new MathRun('n')],
              }),
            ],
          }),
        ],
      }),
      para('（1）结果是（ ）'),
      para('A. n B. n(n+1)/2'),
      para('答案：B'),
      para('（2）该式可以化简。'),
      para('答案：正确'),
      para('【复合题结束】'),
    ]);
    const parsed = await readWord(file, memoryPictures().sink);
    expectNoProblems(parsed);
    const expected: QuestionDraft[] = [
      q({
        type: 'single',
        stem: p('分数 $\\frac{a}{b}$ 的分母是（ ）'),
        items: [option('a'), option('b', true), option('1'), option('0')],
        analysis: p('分母在横线下面。'),
      }),
      q({
        type: 'multiple',
        stem: p('属于金属的有'),
        items: [option('铁', true), option('铜', true), option('木头')],
        score: 4,
      }),
      q({ type: 'judge', stem: p('钢比铝重。'), answer: 'T' }),
      q({ type: 'judge', stem: p('铝比钢重。'), answer: 'F' }),
      q({
        type: 'fill',
        stem: p('$x^{2}+\\sqrt{y}$ 中 x 的指数是____，首都是____。'),
        items: [blank('2', 0, { ignoreSpace: true }), blank('北京|Beijing', 0, { ignoreSpace: true })],
      }),
      q({
        type: 'short',
        stem: p('简述公差的含义。'),
        answer: p('允许尺寸的变动量。') + p('它等于上极限尺寸减下极限尺寸。'),
        knowledge: ['机械基础/公差', '机械基础/测量'],
        difficulty: 4,
      }),
      q({
        type: 'composite',
        stem: p('阅读材料：') + p('求和 $\\sum_{i=1}^{n} i$'),
        children: [
          q({ type: 'single', stem: p('结果是（ ）'), items: [option('n'), option('n(n+1)/2', true)] }),
          q({ type: 'judge', stem: p('该式可以化简。'), answer: 'T' }),
        ],
      }),
    ];
    expect(normaliseFormulas(parsed.map((x) => x.draft))).toEqual(normaliseFormulas(expected));
  });

  it('reports each question’s own problems', async () => {
    const file = await docx([
      para('一、单选题'),
      para('1. 两个答案'),
      para('A. 甲  B. 乙'),
      para('答案：AB'),
      para('2. 答案不在选项中'),
      para('A. 甲  B. 乙'),
      para('答案：C'),
      para('二、判断题'),
      para('3. 也许'),
      para('答案：maybe'),
      para('4. 未知题型'),
      para('题型：论述题'),
      para('三、组合题'),
      para('【复合题】'),
      para('5. 没有小题'),
      para('【复合题结束】'),
      para('6. 正常的题'),
      para('题型：判断题'),
      para('答案：错'),
    ]);
    const parsed = await readWord(file, memoryPictures().sink);
    expect(parsed.map((x) => x.problems)).toEqual([
      [{ key: 'question.answer.single' }],
      [{ key: 'question.import.answer', params: { value: 'C' } }, { key: 'question.answer.single' }],
      [{ key: 'question.answer.judge' }],
      [{ key: 'question.import.type', params: { value: '论述题' } }],
      [{ key: 'question.composite.empty' }],
      [],
    ]);
  });

  it('takes paragraphs that lost their list numbering as new questions', async () => {
    const numbered = (text: string) =>
      new Paragraph({ children: [new TextRun(text)], numbering: { reference: 'n', level: 0 } });
    const file = await Packer.toBuffer(
      new Document({
        numbering: { config: [{ reference: 'n', levels: [{ level: 0, format: 'decimal', text: '%1.' }] }] },
        sections: [
          {
            children: [
              para('一、判断题'),
              numbered('钢比铝重。'),
              para('答案：对'),
              numbered('铝比钢重。'),
              para('答案：错'),
            ],
          },
        ],
      }),
    );
    const parsed = await readWord(file, memoryPictures().sink);
    expect(parsed.map((x) => [x.draft.stem, x.draft.answer])).toEqual([
      [p('钢比铝重。'), 'T'],
      [p('铝比钢重。'), 'F'],
    ]);
  });
});

describe('malformed files', () => {
  const pictures = memoryPictures();

  it('refuses random bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256));
    expect((await refusal(readExcel(bytes))).key).toBe('question.import.file');
    expect((await refusal(readWord(bytes, pictures.sink))).key).toBe('question.import.file');
    // Starts like a zip, but is not one.
    const fake = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), bytes]);
    expect((await refusal(readExcel(fake))).key).toBe('question.import.file');
    expect((await refusal(readWord(fake, pictures.sink))).key).toBe('question.import.file');
  });

  it('refuses a zip that is neither a workbook nor a document', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hello');
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect((await refusal(readExcel(file))).key).toMatch(/^question\.import\.(file|empty)$/);
    expect((await refusal(readWord(file, pictures.sink))).key).toBe('question.import.file');
  });

  it('refuses a document in the other format', async () => {
    const xlsx = await writeExcel(DRAFTS, 'zh');
    expect((await refusal(readWord(xlsx, pictures.sink))).key).toBe('question.import.file');
    const doc = await writeWord(DRAFTS, { title: '', withAnswers: true, pictures: pictures.source });
    expect((await refusal(readExcel(doc))).key).toMatch(/^question\.import\.(file|empty)$/);
  });

  it('refuses files without questions', async () => {
    expect((await refusal(readWord(await docx([]), pictures.sink))).key).toBe('question.import.empty');
    expect((await refusal(readWord(await docx([para('只有标题')]), pictures.sink))).key).toBe('question.import.empty');
    expect((await refusal(readExcel(await sheet([['题型', '题干']])))).key).toBe('question.import.empty');
    expect(
      (
        await refusal(
          readExcel(
            await sheet([
              ['a', 'b'],
              ['1', '2'],
            ]),
          ),
        )
      ).key,
      // A sheet whose header names no stem column says so (excel-sheets.test.ts).
    ).toBe('question.import.noStem');
  });

  it('refuses a zip bomb before unpacking it', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', Buffer.alloc(40 * 1024 * 1024, 32));
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect((await refusal(readWord(file, pictures.sink))).key).toBe('question.import.file');
  });
});

describe('ommlToLatex', () => {
  const M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
  const latex = (inner: string) => ommlToLatex(parseXml(`<m:oMath ${M}>${inner}</m:oMath>`)[0]!);
  const r = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;

  it('converts the structures of Word’s equation editor', () => {
    expect(latex(`<m:f><m:num>${r('a')}</m:num><m:den>${r('b')}</m:den></m:f>`)).toBe('\\frac{a}{b}');
    expect(
      latex(`<m:f><m:fPr><m:type m:val="lin"/></m:fPr><m:num>${r('a')}</m:num><m:den>${r('b')}</m:den></m:f>`),
    ).toBe('a/b');
    expect(latex(`<m:sSup><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup>`)).toBe('x^{2}');
    expect(latex(`<m:sSub><m:e>${r('a')}</m:e><m:sub>${r('n')}</m:sub></m:sSub>`)).toBe('a_{n}');
    expect(latex(`<m:sSubSup><m:e>${r('x')}</m:e><m:sub>${r('1')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`)).toBe(
      'x_{1}^{2}',
    );
    expect(latex(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r('y')}</m:e></m:rad>`)).toBe(
      '\\sqrt{y}',
    );
    expect(latex(`<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('x')}</m:e></m:rad>`)).toBe('\\sqrt[3]{x}');
    expect(latex(`<m:d><m:e>${r('a+b')}</m:e></m:d>`)).toBe('\\left(a+b\\right)');
    expect(
      latex(
        `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e>${r('x')}</m:e><m:e>${r('y')}</m:e></m:d>`,
      ),
    ).toBe('\\left\\{x\\middle|y\\right.');
    expect(
      latex(
        `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e>${r('i')}</m:e></m:nary>`,
      ),
    ).toBe('\\sum_{i=1}^{n} i');
    // Word leaves out m:chr for the integral.
    expect(latex(`<m:nary><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup><m:e>${r('x dx')}</m:e></m:nary>`)).toBe(
      '\\int_{0}^{1} x dx',
    );
    expect(
      latex(
        `<m:nary><m:naryPr><m:chr m:val="∏"/><m:subHide m:val="on"/><m:supHide m:val="on"/></m:naryPr><m:sub/><m:sup/><m:e>${r('a')}</m:e></m:nary>`,
      ),
    ).toBe('\\prod a');
    expect(
      latex(
        `<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sin</m:t></m:r></m:fName><m:e>${r('x')}</m:e></m:func>`,
      ),
    ).toBe('\\sin x');
    expect(
      latex(
        `<m:func><m:fName><m:limLow><m:e><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>lim</m:t></m:r></m:e><m:lim>${r('x→0')}</m:lim></m:limLow></m:fName><m:e>${r('f(x)')}</m:e></m:func>`,
      ),
    ).toBe('\\lim_{x\\rightarrow0}f(x)');
    expect(latex(`<m:acc><m:e>${r('x')}</m:e></m:acc>`)).toBe('\\hat{x}');
    expect(latex(`<m:acc><m:accPr><m:chr m:val="⃗"/></m:accPr><m:e>${r('v')}</m:e></m:acc>`)).toBe('\\vec{v}');
    expect(latex(`<m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>${r('AB')}</m:e></m:bar>`)).toBe('\\overline{AB}');
    expect(latex(`<m:groupChr><m:e>${r('a+b')}</m:e></m:groupChr>`)).toBe('\\underbrace{a+b}');
    expect(
      latex(
        `<m:m><m:mr><m:e>${r('a')}</m:e><m:e>${r('b')}</m:e></m:mr><m:mr><m:e>${r('c')}</m:e><m:e>${r('d')}</m:e></m:mr></m:m>`,
      ),
    ).toBe('\\begin{matrix} a & b \\\\ c & d \\end{matrix}');
    expect(latex(`<m:eqArr><m:e>${r('x&amp;=1')}</m:e><m:e>${r('y&amp;=2')}</m:e></m:eqArr>`)).toBe(
      '\\begin{aligned} x&=1 \\\\ y&=2 \\end{aligned}',
    );
  });

  it('writes Greek letters and operators as commands', () => {
    expect(latex(r('α+β≤γ×δ'))).toBe('\\alpha+\\beta\\leq\\gamma\\times\\delta');
    expect(latex(r('πr'))).toBe('\\pi r');
    expect(latex(r('x≠±∞'))).toBe('x\\neq\\pm\\infty');
    expect(latex(r('A∩B⊆C'))).toBe('A\\cap B\\subseteq C');
    expect(latex(r('sin⁡θ'))).toBe('\\sin\\theta');
    expect(latex(r('50%'))).toBe('50\\%');
    expect(latex(r('$5'))).toBe('\\$5');
    expect(latex(`<m:r><m:rPr><m:nor/></m:rPr><m:t>速度</m:t></m:r>`)).toBe('\\text{速度}');
  });

  it('keeps the content of what it does not know', () => {
    expect(latex(`<m:box><m:e>${r('x')}</m:e></m:box><m:unknown>${r('y')}</m:unknown>`)).toBe('xy');
    expect(latex('')).toBe('');
  });

  it('reads a display equation (m:oMathPara)', () => {
    const node = parseXml(`<m:oMathPara ${M}><m:oMath>${r('x=1')}</m:oMath></m:oMathPara>`)[0]!;
    expect(ommlToLatex(node)).toBe('x=1');
  });
});
