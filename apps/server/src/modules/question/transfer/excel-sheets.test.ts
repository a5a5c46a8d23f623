import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/http/errors.ts';
import { gbk } from './corpus/build-sheets.ts';
import { csvRows, readCsv } from './csv.ts';
import { excelTemplate, readSheet, writeExcel } from './excel.ts';
import { draft as q } from './excel-examples.ts';

/** Sheets as other systems and teachers make them: their headers, titles above them, CSV files. */

async function xlsx(rows: (string | number)[][], merge?: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  if (merge) sheet.mergeCells(merge);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('question sheets of other systems', () => {
  it('finds the header below a title and notes, and knows other systems’ column names', async () => {
    const file = await xlsx(
      [
        ['2024 年机械基础题库', '', '', '', '', '', '', '', ''],
        ['说明：题目类型请填写单选题、多选题、判断题'],
        [],
        [
          '序号',
          '试题类型',
          '题目内容（必填）',
          '选项一',
          '选项二',
          '选项三',
          '正确答案',
          '分数',
          '难易程度',
          '答案解析',
        ],
        [1, '单选题', '齿轮传动属于（ ）', '啮合传动', '摩擦传动', '带传动', 'A', 2, '简单', '齿轮靠轮齿啮合'],
        [2, '判断题', '游标卡尺读数时需要估读', '', '', '', '错', '1', '一般', ''],
        [3, '多选', '属于金属材料的是（ ）', '钢', '陶瓷', '铜', 'A,C', '3分', '难', ''],
      ],
      'A1:I1',
    );
    const { questions, sheet } = await readSheet(file);
    expect(sheet.headerRow).toBe(4);
    expect(sheet.headers[2]).toBe('题目内容（必填）');
    expect(sheet.columns).toMatchObject({ type: 2, stem: 3, optionA: 4, optionB: 5, optionC: 6, answer: 7 });
    expect(sheet.columns).toMatchObject({ score: 8, difficulty: 9, analysis: 10 });
    expect(questions.flatMap((x) => x.problems)).toEqual([]);
    expect(questions.map((x) => x.label.params.row)).toEqual([5, 6, 7]);
    expect(questions[0]!.draft).toMatchObject({ type: 'single', stem: '<p>齿轮传动属于（ ）</p>', score: 2 });
    expect(questions[0]!.draft).toMatchObject({ difficulty: 1, analysis: '<p>齿轮靠轮齿啮合</p>' });
    expect(questions[1]!.draft).toMatchObject({ type: 'judge', answer: 'F', difficulty: 3 });
    expect(questions[2]!.draft).toMatchObject({ type: 'multiple', score: 3, difficulty: 5 });
    expect(questions[2]!.draft.items.map((i) => i.isAnswer)).toEqual([1, 0, 1]);
  });

  it('reads the answer from 选项一是否正确 / A是否正确 columns when no answer is written', async () => {
    const { questions, sheet } = await readSheet(
      await xlsx([
        ['题型', '题干', '选项A', 'A是否正确', '选项B', 'B是否正确', '选项C', 'C是否正确'],
        ['单选题', '一加一等于（ ）', '1', '', '2', 'Y', '3', 'N'],
        ['多选题', '偶数有（ ）', '2', '是', '3', '否', '4', '√'],
      ]),
    );
    expect(sheet.columns).toMatchObject({ correctA: 4, correctB: 6, correctC: 8, optionC: 7 });
    expect(questions.flatMap((x) => x.problems)).toEqual([]);
    expect(questions[0]!.draft.items.map((i) => i.isAnswer)).toEqual([0, 1, 0]);
    expect(questions[1]!.draft.items.map((i) => i.isAnswer)).toEqual([1, 0, 1]);

    const numbered = await readSheet(
      await xlsx([
        ['题目', '选项一', '选项一是否正确', '选项二', '选项二是否正确'],
        ['地球绕太阳转吗（ ）', '会', '正确', '不会', ''],
      ]),
    );
    expect(numbered.questions[0]!.draft).toMatchObject({ type: 'single' });
    expect(numbered.questions[0]!.draft.items.map((i) => i.isAnswer)).toEqual([1, 0]);
  });

  it('knows English headers and true-or-false written as two options', async () => {
    const { questions } = await readSheet(
      await xlsx([
        ['Question', 'Type', 'Option A', 'Option B', 'Answer', 'Points', 'Difficulty', 'Explanation'],
        ['The earth is round.', 'True/False', 'True', 'False', 'A', '1', 'easy', 'Seen from space.'],
        ['Pick the even one.', '', '3', '4', 'B', '2', 'hard', ''],
      ]),
    );
    expect(questions.flatMap((x) => x.problems)).toEqual([]);
    expect(questions[0]!.draft).toMatchObject({ type: 'judge', answer: 'T', items: [], difficulty: 1 });
    expect(questions[1]!.draft).toMatchObject({ type: 'single', score: 2, difficulty: 5 });
  });

  it('takes the teacher’s mapping over the headers, and names a missing stem column', async () => {
    const rows = [
      ['内容', '标准', '备注'],
      ['地球是圆的', '对', '常识'],
    ];
    const error = await refusal(readSheet(await xlsx(rows)));
    expect(error.key).toBe('question.import.noStem');
    expect(error.status).toBe(400);

    const { questions, sheet } = await readSheet(await xlsx(rows), { stem: 1, answer: 2, nonsense: 3 });
    expect(sheet).toEqual({ headerRow: 1, headers: ['内容', '标准', '备注'], columns: { stem: 1, answer: 2 } });
    expect(questions[0]!.draft).toMatchObject({ type: 'judge', answer: 'T' });

    // 0 = none: a column the headers named is not read.
    const named = await xlsx([
      ['题干', '答案', '解析'],
      ['地球是圆的', '对', '常识'],
    ]);
    const { questions: without } = await readSheet(named, { analysis: 0 });
    expect(without[0]!.draft.analysis).toBe('');
  });

  it('keeps the product’s own template and export headers working as before', async () => {
    const { sheet } = await readSheet(await excelTemplate('zh'));
    expect(sheet.headerRow).toBe(1);
    expect(sheet.columns).toMatchObject({ type: 1, child: 2, stem: 3, optionA: 4, optionH: 11, answer: 12 });
    expect(sheet.columns.maxSize).toBe(sheet.headers.length);
  });
});

describe('what Excel cannot carry', () => {
  it('the help sheet says so, in both languages', async () => {
    for (const [locale, words] of [
      ['zh', ['图片', '下划线', '表格', 'Word', '____']],
      ['en', ['pictures', 'underlining', 'tables', 'Word', '____']],
    ] as const) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await excelTemplate(locale)) as unknown as ExcelJS.Buffer);
      const help = workbook.worksheets[1]!.getColumn(1).values.join('\n');
      for (const word of words) expect(help).toContain(word);
    }
  });

  it('writes an underlined blank as ____, which reads back as the blank', async () => {
    const fill = q({
      type: 'fill',
      stem: '<p>我国的首都是<u>　　　</u>，最大的城市是<u>&nbsp;&nbsp;</u>。</p>',
      items: [
        { content: '北京', isAnswer: 0, score: 1, config: {} },
        { content: '上海', isAnswer: 0, score: 1, config: {} },
      ],
      score: 2,
    });
    const wavy = '<p>读<u style="text-decoration-style: wavy;">重点</u>的句子</p>';
    const short = q({ type: 'short', stem: wavy, answer: '<p>略</p>' });
    const { questions } = await readSheet(await writeExcel([fill, short], 'zh'));
    expect(questions.flatMap((x) => x.problems)).toEqual([]);
    expect(questions[0]!.draft).toEqual({ ...fill, stem: '<p>我国的首都是____，最大的城市是____。</p>' });
    // An underline with words in it is styling: the words stay, the underline goes.
    expect(questions[1]!.draft.stem).toBe('<p>读重点的句子</p>');
  });
});

describe('CSV', () => {
  const header = '题型,题干,选项A,选项B,选项C,答案,解析\r\n';
  const body =
    '单选题,"数列 1, 2, 3 的下一项是（ ）",4,5,6,A,"按 1 递增"\r\n' +
    '简答题,"简述""安全第一""的含义。\n分两点回答。",,,,"第一行\n第二行",\r\n';

  it('reads quotes, commas and line breaks in fields, in UTF-8 with or without a BOM', async () => {
    for (const bom of ['', '\ufeff']) {
      const { questions, sheet } = await readCsv(Buffer.from(bom + header + body, 'utf8'));
      expect(sheet.headerRow).toBe(1);
      expect(sheet.headers[0]).toBe('题型');
      expect(questions.flatMap((x) => x.problems)).toEqual([]);
      expect(questions.map((x) => x.label.params.row)).toEqual([2, 3]);
      expect(questions[0]!.draft.stem).toBe('<p>数列 1, 2, 3 的下一项是（ ）</p>');
      expect(questions[0]!.draft.analysis).toBe('<p>按 1 递增</p>');
      expect(questions[1]!.draft.stem).toBe('<p>简述"安全第一"的含义。</p><p>分两点回答。</p>');
      expect(questions[1]!.draft.answer).toBe('<p>第一行</p><p>第二行</p>');
    }
  });

  it('reads GBK, as Excel saves CSV in China', async () => {
    const { questions } = await readCsv(gbk(`标题行\r\n${header}${body}`));
    expect(questions[0]!.draft.stem).toBe('<p>数列 1, 2, 3 的下一项是（ ）</p>');
    expect(questions.map((x) => x.label.params.row)).toEqual([3, 4]);
  });

  it('parses records as spreadsheets do', () => {
    expect(csvRows('a,"b,c"\n\n"d\r\ne",f\r\n,,\n" g ""h""",')).toEqual([
      { row: 1, cells: ['a', 'b,c'] },
      { row: 3, cells: ['d\r\ne', 'f'] },
      { row: 5, cells: [' g "h"', ''] },
    ]);
    expect(csvRows('题干\t答案\n地球是圆的\t对')).toEqual([
      { row: 1, cells: ['题干', '答案'] },
      { row: 2, cells: ['地球是圆的', '对'] },
    ]);
  });

  it('refuses a CSV without a stem column or without questions', async () => {
    expect((await refusal(readCsv(Buffer.from('a,b\n1,2\n')))).key).toBe('question.import.noStem');
    expect((await refusal(readCsv(Buffer.from('题干,答案\n')))).key).toBe('question.import.empty');
    expect((await refusal(readCsv(Buffer.from('')))).key).toBe('question.import.empty');
  });
});
