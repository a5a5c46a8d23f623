import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { question, questionImportPart } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { png } from '../../test/sample-files.ts';
import { academicApi, addTeacher, teachingTenant } from '../academic/academic.fixtures.ts';
import { data, questionUrl, type Tree, transferCalls } from './question.transfer.fixtures.ts';

let t: TestApp;
const T = '560002';
let admin: string;
let wang: string;
let li: string;
let knowledge: string;

const exam = questionUrl;
const { lib, picture, save, upload, libraryTrees } = transferCalls(
  () => t,
  () => wang,
);
const download = async (token: string, query: Record<string, string>) => {
  const res = await t.as(token, { method: 'GET', url: exam('export'), query });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  await addTeacher(t, admin, 'wang', '王老师');
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  const flags = academicApi(t, admin);
  const root = await flags.submit('flag', { kind: 'knowledge', name: '代数' });
  knowledge = await flags.submit('flag', { kind: 'knowledge', parentId: root, name: '分式' });
});
afterAll(() => t.close());

/** A library with one question of each type: formulas, a picture, knowledge points, a composite with 3 children. */
async function richLibrary(): Promise<string> {
  const libId = await lib('往返');
  const link = await picture();
  const formula = (latex: string) => `<span data-type="formula" data-latex="${latex}">${latex}</span>`;
  await save({
    libId,
    type: 'single',
    stem: `<p>计算 ${formula('\\frac{1}{2}+\\frac{1}{3}')} 的值</p><p><img src="${link}" alt=""></p>`,
    items: [
      { content: `<p>${formula('\\frac{5}{6}')}</p>`, isAnswer: 1 },
      { content: '<p>1</p>', isAnswer: 0 },
    ],
    analysis: '<p>通分后相加。</p>',
    difficulty: 2,
    score: 2.5,
    flagIds: [knowledge],
  });
  await save({
    libId,
    type: 'multiple',
    stem: '<p>下列是质数的有</p>',
    items: ['2', '3', '4'].map((c, i) => ({ content: `<p>${c}</p>`, isAnswer: i < 2 ? 1 : 0 })),
    score: 3,
  });
  await save({ libId, type: 'judge', stem: `<p>${formula('x^{2}\\geq 0')}</p>`, answer: 'T', score: 1 });
  await save({
    libId,
    type: 'fill',
    stem: '<p>中国的首都是____，最大的城市是____。</p>',
    items: [
      { content: '北京|Beijing', score: 1, config: { caseSensitive: false, ignoreSpace: true } },
      { content: '上海', score: 1.5 },
    ],
    score: 2.5,
  });
  await save({
    libId,
    type: 'short',
    stem: '<p>简述通分的步骤。</p>',
    answer: '<p>找最小公倍数，再扩分。</p>',
    items: [{ content: '<p>最小公倍数</p>', score: 4 }],
    score: 4,
    source: '课本第 3 页',
  });
  await save({ libId, type: 'practical', stem: '<p>用尺规作图。</p>', answer: '<p>作图规范。</p>', score: 10 });
  await save({
    libId,
    type: 'file',
    stem: '<p>上传作业照片。</p>',
    config: { fileTypes: ['jpg', 'pdf'], maxSizeMb: 10 },
    score: 5,
  });
  const composite = await save({ libId, type: 'composite', stem: '<p>Read the passage.</p>', score: 6 });
  for (const [i, child] of [
    { type: 'judge', stem: '<p>It is sunny.</p>', answer: 'F' },
    { type: 'single', stem: '<p>Who?</p>', items: [{ content: '<p>Tom</p>', isAnswer: 1 }, { content: '<p>Ann</p>' }] },
    { type: 'fill', stem: '<p>He is ____.</p>', items: [{ content: 'happy', score: 3 }] },
  ].entries()) {
    await data(
      await t.as(wang, {
        method: 'POST',
        url: exam(`addEmptyChildQuestion/${composite.id}`),
        payload: { ...child, score: i + 1 },
      }),
    );
  }
  return libId;
}

describe('export and import', () => {
  it('an exported Excel file and an exported Word file import back to the same questions', async () => {
    const source = await richLibrary();
    const original = await libraryTrees(source);
    expect(original).toHaveLength(8);
    for (const format of ['xlsx', 'docx'] as const) {
      const file = await download(wang, { format, libId: source });
      const target = await lib(`从 ${format} 导入`);
      const preview = await data(await upload(target, file, `questions.${format}`));
      expect(preview.errorCount, JSON.stringify(preview.questions.map((q: { problems: string[] }) => q.problems))).toBe(
        0,
      );
      expect(preview.total).toBe(8);
      expect(await libraryTrees(target)).toEqual([]);
      const done = await upload(target, file, `questions.${format}`, { confirm: '1' });
      expect((await data(done)).count).toBe(8);
      expect(done.json().msg).toBe('已导入 8 道试题');
      const back = await libraryTrees(target);
      // Excel cells are text: the picture stays behind; Word keeps it (stored again, under a new link).
      const expected =
        format === 'xlsx'
          ? original.map((q) => JSON.parse(JSON.stringify(q).replace(/<p><img src=\\"picture\\" \/><\/p>/g, '')))
          : original;
      expect(back).toEqual(expected);
    }
  });

  it('a Word export without answers leaves them out; the templates download', async () => {
    const libId = await lib('无答案');
    await save({ libId, type: 'judge', stem: '<p>地球是圆的。</p>', answer: 'T', analysis: '<p>解析在此</p>' });
    const docx = await download(wang, { format: 'docx', libId, withAnswers: '0' });
    const JSZip = (await import('jszip')).default;
    const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
    expect(xml).toContain('地球是圆的');
    expect(xml).not.toContain('解析在此');
    for (const [format, ext] of [
      ['xlsx', 'xlsx'],
      ['docx', 'docx'],
      ['moodle', 'xml'],
    ] as const) {
      const res = await t.as(wang, { method: 'GET', url: exam('import-template'), query: { format } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`.${ext}`);
      const target = await lib(`模板 ${format}`);
      const preview = await data(await upload(target, res.rawPayload, `template.${ext}`));
      expect(preview.errorCount).toBe(0);
      expect(preview.total).toBeGreaterThan(5);
    }
  });

  it('lists each question with its own problems, and refuses to import a file with any', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('试题');
    sheet.addRow(['题型', '组合题小题', '题干', '选项A', '选项B', '选项C', '答案', '解析', '难度', '分值', '知识点']);
    sheet.addRow(['单选题', '', '1+1=?', '1', '2', '3', 'B', '', '1', '2', '代数/分式']);
    sheet.addRow(['单选题', '', '2+2=?', '3', '4', '', 'AB', '', '1', '2', '']);
    sheet.addRow(['判断题', '', '天是蓝的', '', '', '', '也许', '', '', '', '']);
    sheet.addRow(['论述题', '', '谈谈理想', '', '', '', '', '', '', '', '']);
    sheet.addRow(['填空题', '', '首都是____', '', '', '', '北京', '', '', '', '不存在的知识点']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const libId = await lib('有错');
    const preview = await data(await upload(libId, file, 'bad.xlsx'));
    expect(preview.total).toBe(5);
    expect(preview.errorCount).toBe(4);
    const byLabel = Object.fromEntries(
      preview.questions.map((q: { label: string; problems: string[] }) => [q.label, q.problems]),
    );
    expect(byLabel['第 2 行']).toEqual([]);
    expect(byLabel['第 3 行']).toContain('单选题须有且只有一个正确答案');
    expect(byLabel['第 4 行']).toContain('判断题的答案应为“正确”或“错误”');
    expect(byLabel['第 5 行']).toContain('无法识别的题型“论述题”');
    expect(byLabel['第 6 行']).toContain('知识点“不存在的知识点”不存在');
    const refused = await upload(libId, file, 'bad.xlsx', { confirm: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('有 4 道试题存在错误：请在预览中修改或跳过这些试题');
    expect(refused.json().data.errorCount).toBe(4);
    expect(await libraryTrees(libId)).toEqual([]);
    const en = await data(await upload(libId, file, 'bad.xlsx', { confirm: '0', lang: 'en' }));
    expect(en.questions[1].label).toBe('Row 3');
    expect(en.questions[1].problems).toContain('A single-choice question needs exactly one right answer');
  });

  it('imports what is right: flagged questions fixed in the preview or skipped, the rest saved', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('试题');
    sheet.addRow(['题型', '题干', '选项A', '选项B', '选项C', '答案', '分值']);
    sheet.addRow(['单选题', '1+1=?', '1', '2', '3', 'B', '2']);
    sheet.addRow(['单选题', '2+2=?', '3', '4', '', 'AB', '2']);
    sheet.addRow(['判断题', '天是蓝的', '', '', '', '也许', '1']);
    sheet.addRow(['论述题', '谈谈理想', '', '', '', '', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const libId = await lib('部分导入');

    const first = await data(await upload(libId, file, 'mixed.xlsx'));
    expect([first.total, first.kept, first.errorCount]).toEqual([4, 4, 3]);
    expect(first.questions.map((q: { fixable: boolean }) => q.fixable)).toEqual([true, true, true, true]);

    // Put two right in the words of the import layout, leave the third out.
    const plan = {
      fixes: [
        { index: 1, answer: 'B', options: ['3', '4', '5'] },
        { index: 2, type: '判断题', answer: '正确' },
      ],
      skip: [3],
    };
    const planned = await data(await upload(libId, file, 'mixed.xlsx', { confirm: '0', plan }));
    expect([planned.total, planned.kept, planned.errorCount]).toEqual([4, 3, 0]);
    expect(planned.questions[1].items.map((i: { isAnswer: number }) => i.isAnswer)).toEqual([0, 1, 0]);
    expect(planned.questions[2].answer).toBe('T');
    expect(planned.questions[3].kept).toBe(false);

    // A fix that is still wrong stays flagged, with the same words as the file would get.
    const still = await data(
      await upload(libId, file, 'mixed.xlsx', {
        confirm: '0',
        plan: { fixes: [{ index: 1, answer: 'Z' }], skip: [2, 3] },
      }),
    );
    expect(still.errorCount).toBe(1);
    expect(still.questions[1].problems.join()).toMatch(/Z/);
    const refused = await upload(libId, file, 'mixed.xlsx', { confirm: '1', plan: { skip: [2, 3] } });
    expect(refused.statusCode).toBe(400);
    expect(await libraryTrees(libId)).toEqual([]);

    const saved = await upload(libId, file, 'mixed.xlsx', { confirm: '1', plan });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.count).toBe(3);
    const trees = (await libraryTrees(libId)) as Tree[];
    expect(trees.map((q) => q.stem).sort()).toEqual(['<p>1+1=?</p>', '<p>2+2=?</p>', '<p>天是蓝的</p>'].sort());
  });

  it("maps a sheet's columns the teacher names: one whose stem column it cannot tell shows its columns first", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('练习')
      .addRows([
        ['第一单元练习'],
        ['序号', '内容', '正确答案', '分数', '讲解'],
        [1, '首都是____', '北京', 2, '常识'],
        [2, '$1+1=$____', '2', 1, ''],
      ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const libId = await lib('列对应');
    const unmapped = await upload(libId, file, 'map.xlsx');
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().msg).toBe('没有找到题干列：请在表头写“题干”或“题目”，或在导入时指定哪一列是题干');
    const { sheet, questions } = unmapped.json().data;
    expect(questions).toEqual([]);
    expect(sheet.headerRow).toBe(2);
    expect(sheet.headers).toEqual(['序号', '内容', '正确答案', '分数', '讲解']);
    expect(sheet.columns).toMatchObject({ answer: 3, score: 4 });

    const columns = { ...sheet.columns, stem: 2, analysis: 5 };
    const preview = await data(await upload(libId, file, 'map.xlsx', { confirm: '0', plan: { columns } }));
    expect(preview.sheet.columns).toMatchObject({ stem: 2, answer: 3, score: 4, analysis: 5 });
    expect(preview.questions.map((q: { type: string; problems: string[] }) => [q.type, q.problems])).toEqual([
      ['fill', []],
      ['fill', []],
    ]);
    expect(preview.questions[0].analysis).toBe('<p>常识</p>');
    // Beside it, its row as the sheet has it.
    expect(preview.questions[0].original).toBe('序号：1\n内容：首都是____\n正确答案：北京\n分数：2\n讲解：常识');
    const saved = await upload(libId, file, 'map.xlsx', { confirm: '1', plan: { columns } });
    expect(saved.json().data.count).toBe(2);
  });

  it("refuses a plan it cannot follow with a clear message, in the caller's language", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('试题').addRows([
      ['题干', '答案'],
      ['首都是____', '北京'],
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const libId = await lib('计划');
    const cases: [object | string, string, string][] = [
      ['{not json', '导入设置无效，请刷新页面后重新选择文件', 'The import settings are not valid'],
      [{ skip: ['x'] }, '导入设置无效，请刷新页面后重新选择文件', 'The import settings are not valid'],
      [{ fixes: [{ index: 5, answer: 'A' }] }, '文件中没有第 6 题，请重新预览后再导入', 'The file has no question 6'],
      [{ skip: [0] }, '没有要导入的试题：请至少保留一道题', 'Nothing to import'],
    ];
    for (const [plan, zh, en] of cases) {
      const res = await upload(libId, file, 'plan.xlsx', { confirm: '1', plan });
      expect(res.statusCode, JSON.stringify(plan)).toBe(400);
      expect(res.json().msg).toBe(zh);
      const enRes = await upload(libId, file, 'plan.xlsx', { confirm: '1', lang: 'en', plan });
      expect(enRes.json().msg).toContain(en);
    }
    expect(await libraryTrees(libId)).toEqual([]);
  });

  it("holds a question's score to its parts: derived when the file gives none, else refused naming both sums", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('试题');
    sheet.addRow(['题型', '组合题小题', '题干', '答案', '分值', '评分要点', '小分']);
    sheet.addRow(['简答题', '', '简述读数方法', '先主尺后游标', '2', '读主尺\n读游标', '2；3']);
    sheet.addRow(['简答题', '', '简述测量步骤', '先校零', '', '校零\n测量', '2；3']);
    sheet.addRow(['填空题', '', '首都是____', '北京', '2', '', '1']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const libId = await lib('分值不符');
    const preview = await data(await upload(libId, file, 'scores.xlsx'));
    const [points, derived, blanks] = preview.questions as { score: number; problems: string[] }[];
    expect(points!.problems).toContain('评分要点合计 5 分，与本题分值 2 分不一致，请修改要点分值或本题分值');
    expect(derived).toMatchObject({ score: 5, problems: [] });
    expect(blanks!.problems).toContain('各空分值合计 1 分，与本题分值 2 分不一致，请修改各空分值或本题分值');
    expect((await upload(libId, file, 'scores.xlsx', { confirm: '1' })).statusCode).toBe(400);
  });

  it('reads a paper of photos far larger than other imports may be (12 MB); past 30 MB the upload is refused', async () => {
    const photo = (kb: number) =>
      new ImageRun({ type: 'png', data: png(40, 30, kb * 1024, true), transformation: { width: 40, height: 30 } });
    const paper = async (kb: number) =>
      Packer.toBuffer(
        new Document({
          sections: [
            {
              children: [
                new Paragraph({ children: [new TextRun('1. 照片中的量具是什么？'), photo(kb)] }),
                new Paragraph('A. 游标卡尺  B. 千分尺'),
                new Paragraph('答案：A'),
              ],
            },
          ],
        }),
      );
    const libId = await lib('照片试卷');
    const read = await upload(libId, await paper(12 * 1024), '照片试卷.docx');
    expect(read.statusCode, read.body).toBe(200);
    expect((await data(read)).questions).toMatchObject([{ type: 'single', problems: [] }]);
    const huge = await upload(libId, await paper(31 * 1024), '照片试卷.docx');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().msg).toBe('文件不能超过 30 MB');
  });

  it('a file that is not a question file gets a clear message, never a 500', async () => {
    const libId = await lib('坏文件');
    for (const [name, file] of [
      ['random.docx', Buffer.from('not a zip at all')],
      ['picture.xlsx', png()],
      ['empty.xlsx', Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer())],
    ] as const) {
      const res = await upload(libId, file, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().msg, name).toBeTruthy();
    }
    const noFile = await t.as(wang, { method: 'POST', url: exam('import'), query: { libId } });
    expect(noFile.statusCode).toBe(400);
  });

  it('saves more than 2,000 questions in the background, part by part, with progress only their teacher sees', async () => {
    const rows = Array.from({ length: 2101 }, (_, i) => ['判断题', `第 ${i + 1} 题`, i % 2 ? '错' : '对']);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('试题').addRows([['题型', '题干', '答案'], ...rows]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const progress = (id: string, as = wang, lang = 'zh-CN') =>
      t.as(as, { method: 'GET', url: exam('import-progress'), query: { id }, headers: { 'accept-language': lang } });
    const libId = await lib('大量试题');
    const gone = await lib('导入中删除');
    // Held still, so that what the import is before its parts are saved can be seen.
    await t.app.jobs.stop();
    let held = true;
    try {
      const started = await upload(libId, file, 'many.xlsx', { confirm: '1' });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().msg).toBe('2101 道试题正在后台导入');
      const { importId, total } = await data(started);
      expect(total).toBe(2101);
      expect(await data(await progress(importId))).toEqual({
        id: importId,
        libId,
        total: 2101,
        saved: 0,
        state: 'saving',
        error: '',
      });
      // Someone else's import answers as one that does not exist; the id is checked; 401 and 403 as for every call.
      const unknown = await progress('99999999');
      expect(unknown.statusCode).toBe(404);
      expect((await progress(importId, li)).json()).toEqual(unknown.json());
      expect((await progress('abc')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: exam(`import-progress?id=${importId}`) })).statusCode).toBe(401);
      expect((await progress(importId, admin)).statusCode).toBe(403);

      const stopped = await data(await upload(gone, file, 'many.xlsx', { confirm: '1' }));
      const removed = await t.as(wang, { method: 'POST', url: '/api/jd/pc/question_lib/remove', query: { ids: gone } });
      expect(removed.statusCode, removed.body).toBe(200);
      await t.app.jobs.start();
      held = false;
      // The runner's own sweep saves the parts (another instance could as well): wait as the wizard does.
      const state = async (id: string) => (await data(await progress(id))).state;
      await expect.poll(() => state(importId), { timeout: 30_000 }).toBe('done');
      await expect.poll(() => state(stopped.importId), { timeout: 30_000 }).toBe('failed');
      expect(await data(await progress(importId))).toMatchObject({ saved: 2101, state: 'done' });
      const leftParts = await t.db
        .select({ id: questionImportPart.id })
        .from(questionImportPart)
        .where(inArray(questionImportPart.importId, [importId, stopped.importId]));
      expect(leftParts).toEqual([]);
      expect(await data(await progress(stopped.importId, wang, 'en'))).toMatchObject({
        saved: 0,
        state: 'failed',
        error: 'The library was deleted; the remaining questions were not imported',
      });
    } finally {
      if (held) await t.app.jobs.start();
    }
    const saved = await t.db
      .select({ stem: question.stem, sort: question.sort })
      .from(question)
      .where(eq(question.libId, libId))
      .orderBy(asc(question.sort));
    // All of them, in the file's order: the parts kept it.
    expect(saved).toHaveLength(2101);
    expect(saved.every((r, i) => r.sort === i && r.stem === `<p>第 ${i + 1} 题</p>`)).toBe(true);
  });

  it('another teacher can neither export nor import into a private library; 401 and 403 as for every call', async () => {
    const libId = await lib('私有导出');
    await save({ libId, type: 'judge', stem: '<p>私有</p>', answer: 'T' });
    const [q] = (await data(await t.as(wang, { method: 'GET', url: exam('page'), query: { libId } }))).records;
    const unknownLib = await t.as(li, {
      method: 'GET',
      url: exam('export'),
      query: { format: 'xlsx', libId: '99999999' },
    });
    expect(unknownLib.statusCode).toBe(404);
    const theirs = await t.as(li, { method: 'GET', url: exam('export'), query: { format: 'xlsx', libId } });
    expect(theirs.json()).toEqual(unknownLib.json());
    expect(
      (await t.as(li, { method: 'GET', url: exam('export'), query: { format: 'docx', ids: q.id } })).statusCode,
    ).toBe(404);
    const file = await download(wang, { format: 'xlsx', libId });
    const into = await upload(libId, file, 'x.xlsx', { confirm: '0', as: li });
    expect(into.statusCode).toBe(400);
    expect(into.json().msg).toBe('所选题库不存在');
    for (const [method, url] of [
      ['GET', exam('export?format=xlsx&libId=1')],
      ['GET', exam('import-template')],
      ['POST', exam('import?libId=1')],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.as(admin, { method, url })).statusCode, url).toBe(403);
    }
    expect((await t.as(wang, { method: 'GET', url: exam('export'), query: { format: 'pdf', libId } })).statusCode).toBe(
      400,
    );
  });
});
