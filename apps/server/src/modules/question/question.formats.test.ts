import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, addTeacher, teachingTenant } from '../academic/academic.fixtures.ts';
import { data, questionUrl, transferCalls } from './question.transfer.fixtures.ts';
import { gbk } from './transfer/corpus/build-sheets.ts';

/**
 * The import reads the other formats teachers have (text, Moodle XML, GIFT, Aiken) through the same route as Word
 * and Excel, and a Moodle XML export imports back to the same questions.
 */

let t: TestApp;
const T = '560028';
let wang: string;
let knowledge: string;

const exam = questionUrl;
const { lib, picture, save, upload, libraryTrees } = transferCalls(
  () => t,
  () => wang,
);

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  await addTeacher(t, admin, 'wang', '王老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  const flags = academicApi(t, admin);
  const root = await flags.submit('flag', { kind: 'knowledge', name: '代数' });
  knowledge = await flags.submit('flag', { kind: 'knowledge', parentId: root, name: '分式' });
});
afterAll(() => t.close());

const PAPER = '一、单选题\n1. 我国的首都是（ ）\nA. 北京  B. 上海\n答案：A\n二、判断题\n2. 地球是圆的。\n答案：正确\n';
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/地理</text></category></question>
  <question type="multichoice">
    <name><text>首都</text></name>
    <questiontext format="html"><text><![CDATA[<p>我国的首都是（ ）</p>]]></text></questiontext>
    <defaultgrade>2.0000000</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>北京</p>]]></text></answer>
    <answer fraction="0" format="html"><text><![CDATA[<p>上海</p>]]></text></answer>
  </question>
  <question type="shortanswer">
    <name><text>河流</text></name>
    <questiontext format="html"><text><![CDATA[<p>我国最长的河流是____。</p>]]></text></questiontext>
    <answer fraction="100"><text>长江</text></answer>
  </question>
  <question type="matching">
    <name><text>配对</text></name>
    <questiontext format="html"><text><![CDATA[<p>省份与省会配对。</p>]]></text></questiontext>
  </question>
</quiz>`;
const GIFT = '// 地理\n::Q1:: 地球是圆的。{T}\n\n::Q2:: 我国的首都是{=北京 =Beijing}。\n\n::Q3:: 简述水循环。{}\n';

describe('other formats', () => {
  it('a text paper (UTF-8 or GBK), a Moodle XML bank and a GIFT file preview through the import', async () => {
    const libId = await lib('多种格式');
    const cases = [
      ['试卷.txt', Buffer.from(PAPER), ['single', 'judge']],
      ['试卷-gbk.txt', gbk(PAPER), ['single', 'judge']],
      ['题库.xml', Buffer.from(MOODLE), ['single', 'fill', 'short']],
      ['练习.txt', Buffer.from(GIFT), ['judge', 'fill', 'short']],
    ] as const;
    for (const [name, file, types] of cases) {
      const preview = await data(await upload(libId, file, name));
      expect(
        preview.questions.map((q: { type: string }) => q.type),
        name,
      ).toEqual(types);
      expect(preview.questions[0].label).toBe('第 1 题');
    }
    const moodle = await data(await upload(libId, Buffer.from(MOODLE), '题库.xml'));
    expect(moodle.errorCount).toBe(1);
    expect(moodle.questions[2].problems).toEqual(['不能导入的题型“matching”（本系统没有这种题型）：请跳过这道题']);
    const gift = await data(await upload(libId, Buffer.from(GIFT), '练习.txt'));
    expect(gift.errorCount).toBe(0);
    expect(gift.questions[1].items.map((i: { content: string }) => i.content)).toEqual(['北京|Beijing']);
    expect(await libraryTrees(libId)).toEqual([]);
  });

  it('refuses a web page, and says which kinds it reads', async () => {
    const libId = await lib('网页');
    const res = await upload(libId, Buffer.from('<html><body>1. 题</body></html>'), 'page.html');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      '文件不是有效的 Moodle XML 题库（.xml）：这是网页或其他 XML 文件，不是 Moodle XML 题库（其根元素应为 <quiz>）',
    );
  });
});

describe('Moodle XML export', () => {
  it('imports back to the same questions, pictures, formulas, knowledge points and composites included', async () => {
    const source = await lib('往返 Moodle');
    const link = await picture();
    const formula = (latex: string) => `<span data-type="formula" data-latex="${latex}">${latex}</span>`;
    await save({
      libId: source,
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
      libId: source,
      type: 'multiple',
      stem: '<p>下列是质数的有</p>',
      items: ['2', '3', '4'].map((c, i) => ({ content: `<p>${c}</p>`, isAnswer: i < 2 ? 1 : 0 })),
      score: 3,
    });
    await save({
      libId: source,
      type: 'fill',
      stem: '<p>中国的首都是____，最大的城市是____。</p>',
      items: [
        { content: '北京|Beijing', score: 1, config: { caseSensitive: true, ignoreSpace: true } },
        { content: '上海', score: 1.5 },
      ],
      score: 2.5,
    });
    await save({
      libId: source,
      type: 'short',
      stem: '<p>简述通分的步骤。</p>',
      answer: '<p>找最小公倍数，再扩分。</p>',
      items: [{ content: '<p>最小公倍数</p>', score: 4 }],
      score: 4,
      source: '课本第 3 页',
    });
    await save({
      libId: source,
      type: 'file',
      stem: '<p>上传作业照片。</p>',
      config: { fileTypes: ['jpg', 'pdf'], maxSizeMb: 10 },
      score: 5,
    });
    const composite = await save({ libId: source, type: 'composite', stem: '<p>Read the passage.</p>', score: 3 });
    for (const [i, child] of [
      { type: 'judge', stem: '<p>It is sunny.</p>', answer: 'F' },
      { type: 'practical', stem: '<p>Draw it.</p>', answer: '<p>A sun.</p>' },
    ].entries()) {
      await data(
        await t.as(wang, {
          method: 'POST',
          url: exam(`addEmptyChildQuestion/${composite.id}`),
          payload: { ...child, score: i + 1 },
        }),
      );
    }
    const original = await libraryTrees(source);
    expect(original).toHaveLength(6);

    const res = await t.as(wang, { method: 'GET', url: exam('export'), query: { format: 'moodle', libId: source } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain('.xml');
    expect(res.body).toContain('<question type="multichoice">');

    const target = await lib('从 Moodle 导入');
    const preview = await data(await upload(target, res.rawPayload, 'questions.xml'));
    expect(preview.errorCount, JSON.stringify(preview.questions.map((q: { problems: string[] }) => q.problems))).toBe(
      0,
    );
    expect((await data(await upload(target, res.rawPayload, 'questions.xml', { confirm: '1' }))).count).toBe(6);
    expect(await libraryTrees(target)).toEqual(original);
  });
});
