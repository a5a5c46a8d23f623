import type { Paper, PaperQuestionView, PaperView } from '@shixun/contracts';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { png } from '../../test/sample-files.ts';
import { type PaperWordOptions, writePaperWord } from './paper.word.ts';

const PICTURE_LINK = '/files/000000/20250101/abcdefghijklmnop.png';
const PICTURE = png(40, 20);

function q(fields: Partial<PaperQuestionView> & Pick<PaperQuestionView, 'no' | 'type' | 'stem'>): PaperQuestionView {
  return {
    id: `pq${fields.no}`,
    questionId: `q${fields.no}`,
    score: 2,
    difficulty: 3,
    libName: '题库',
    items: [],
    children: [],
    ...fields,
  };
}

/** A paper as `paperView` answers it, with or without the key. */
function view(answers: boolean): PaperView {
  const key = <T>(value: T): T | undefined => (answers ? value : undefined);
  const option = (label: string, content: string, right = false) => ({
    id: `i${label}`,
    label,
    content,
    ...(answers ? { isAnswer: right } : {}),
  });
  const paper: Paper = {
    id: '1',
    createUser: '9',
    createTime: '2025-01-01 00:00:00',
    updateUser: '9',
    updateTime: '2025-01-01 00:00:00',
    status: 1,
    tenantId: '000000',
    title: '机械基础期中考试',
    paperType: 'exam',
    discipline: '',
    totalScore: 12,
    passScore: 7.5,
    duration: 90,
    attempts: 1,
    shuffleQuestions: 0,
    shuffleOptions: 0,
    multipleScoring: 'all',
    reviewPolicy: 'score',
    isPublic: 0,
    remark: '请用黑色签字笔作答。\n考试时间 90 分钟。',
    sourceId: '0',
    composeMode: 'manual',
    blueprint: null,
    questionCount: 5,
    ownerName: '王老师',
    access: 'own',
  };
  return {
    paper,
    answers,
    sections: [
      {
        id: 's1',
        parentId: '0',
        name: '单选题',
        remark: '每题 2 分',
        score: 4,
        questionCount: 2,
        children: [],
        questions: [
          q({
            no: '1',
            type: 'single',
            stem: '<p>方程 <span data-type="formula" data-latex="x^2=4">x^2=4</span> 的正根是（ ）。</p>',
            items: [option('A', '1'), option('B', '2', true), option('C', '3'), option('D', '4')],
            answer: key(''),
            analysis: key('<p>开方得唯一正根解析文字</p>'),
          }),
          q({
            no: '2',
            type: 'single',
            stem: `<p>如图所示的轴</p><p><img src="${PICTURE_LINK}"></p>`,
            items: [option('A', '圆柱', true), option('B', '圆锥')],
            answer: key(''),
            analysis: key(''),
          }),
        ],
      },
      {
        id: 's2',
        parentId: '0',
        name: '综合题',
        remark: '',
        score: 8,
        questionCount: 3,
        questions: [],
        children: [
          {
            id: 's21',
            parentId: 's2',
            name: '填空与判断',
            remark: '',
            score: 4,
            questionCount: 2,
            children: [],
            questions: [
              q({
                no: '3',
                type: 'fill',
                stem: '<p>三视图的投影规律是：主俯____，主左____。</p>',
                items: [
                  { id: 'b1', label: '1', content: answers ? '长对正' : '' },
                  { id: 'b2', label: '2', content: answers ? '高平齐|高平行' : '' },
                ],
                answer: key(''),
                analysis: key(''),
              }),
              q({ no: '4', type: 'judge', stem: '<p>细点画线用于绘制轴线。</p>', answer: key('T'), analysis: key('') }),
            ],
          },
          {
            id: 's22',
            parentId: 's2',
            name: '简答题',
            remark: '',
            score: 4,
            questionCount: 1,
            children: [],
            questions: [
              q({
                no: '5',
                type: 'composite',
                score: 4,
                stem: '<p>阅读材料，回答问题。</p>',
                answer: key(''),
                analysis: key(''),
                children: [
                  q({
                    no: '(1)',
                    type: 'single',
                    stem: '<p>材料说的是（ ）。</p>',
                    items: [option('A', '车床', true), option('B', '铣床')],
                    answer: key(''),
                    analysis: key(''),
                  }),
                  q({
                    no: '(2)',
                    type: 'short',
                    stem: '<p>简述基孔制的优点。</p>',
                    answer: key('<p>参考答案：孔难加工，优先定孔</p>'),
                    analysis: key(''),
                  }),
                ],
              }),
            ],
          },
        ],
      },
    ],
  };
}

const readFile: PaperWordOptions['readFile'] = async (link) => (link === PICTURE_LINK ? PICTURE : undefined);

async function write(v: PaperView, options: Partial<PaperWordOptions> = {}) {
  const file = await writePaperWord(v, {
    answers: false,
    analysis: false,
    sheet: false,
    locale: 'zh',
    readFile,
    ...options,
  });
  const zip = await JSZip.loadAsync(file);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  // The visible text in order, runs joined: what a reader of the printed page sees.
  const text = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
  const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/') && !name.endsWith('/'));
  return { file, xml, text, media };
}

describe('writePaperWord', () => {
  it('writes the head, the sections with their totals, numbered questions, an equation and the picture', async () => {
    const { xml, text, media } = await write(view(false));
    expect(text).toContain('机械基础期中考试');
    expect(text).toContain('考试');
    expect(text).toContain('总分 12 分');
    expect(text).toContain('时长 90 分钟');
    expect(text).toContain('及格 7.5 分');
    for (const label of ['姓名', '班级', '学号']) expect(text).toContain(label);
    expect(text).toContain('请用黑色签字笔作答。');
    expect(text).toContain('一、单选题（共 2 题，4 分）');
    expect(text).toContain('二、综合题（共 3 题，8 分）');
    expect(text).toContain('1. 填空与判断（共 2 题，4 分）');
    expect(text).toContain('2. 简答题（共 1 题，4 分）');
    expect(text).toContain('每题 2 分');
    expect(text).toMatch(/1\. （2 分）方程/);
    expect(text).toContain('A. 1');
    expect(text).toContain('D. 4');
    // A judge stem gets its answer bracket; a choice stem that has one keeps it alone.
    expect(text).toContain('细点画线用于绘制轴线。（\u3000\u3000）');
    expect(text).not.toContain('（ ）。（');
    // A stem ending in a picture has the bracket by its words.
    expect(text).toContain('如图所示的轴（\u3000\u3000）');
    // Composite children are numbered (1), (2).
    expect(text).toContain('(1) （2 分）材料说的是');
    expect(text).toContain('(2) （2 分）简述基孔制的优点');
    // The formula is a Word equation, not `$…$` text.
    expect(xml).toContain('<m:oMath');
    expect(text).not.toContain('$x^2=4$');
    // The picture is embedded.
    expect(media).toHaveLength(1);
    expect(xml).toContain('<pic:pic');
    // Blanks are numbered underlined gaps.
    expect(text).toMatch(/主俯\u00a0+\(1\)\u00a0+，主左\u00a0+\(2\)/);
    expect(xml).toMatch(/<w:u w:val="single"\/>[\s\S]{0,200}\(1\)/);
    // Page numbers in the footer.
    const footer = (await JSZip.loadAsync((await write(view(false))).file)).file(/word\/footer\d*\.xml/)[0];
    expect(await footer?.async('string')).toContain('PAGE');
  });

  it('shows no answers and no analysis unless asked, even when the view holds them', async () => {
    const { text } = await write(view(true));
    expect(text).not.toContain('【答案】');
    expect(text).not.toContain('【解析】');
    expect(text).not.toContain('长对正');
    expect(text).not.toContain('孔难加工');
    expect(text).not.toContain('开方得唯一正根解析文字');
    expect(text).not.toContain('答题卡');
  });

  it('adds 【答案】 after each question with answers, and 【解析】 with analysis', async () => {
    const answersOnly = await write(view(true), { answers: true });
    expect(answersOnly.text).toContain('【答案】B');
    expect(answersOnly.text).toContain('【答案】A');
    expect(answersOnly.text).toContain('【答案】(1) 长对正；(2) 高平齐 或 高平行');
    expect(answersOnly.text).toContain('【答案】正确');
    expect(answersOnly.text).toContain('【答案】参考答案：孔难加工，优先定孔');
    expect(answersOnly.text).not.toContain('【解析】');
    // The key follows its question: question 1's answer comes before question 2.
    expect(answersOnly.text.indexOf('【答案】B')).toBeLessThan(answersOnly.text.indexOf('如图所示的轴'));

    const both = await write(view(true), { answers: true, analysis: true });
    expect(both.text).toContain('【解析】开方得唯一正根解析文字');
    // Empty analyses say nothing.
    expect(both.text.split('【解析】')).toHaveLength(2);

    // Asked, but the view was made without them (someone who may not see them): nothing to show.
    const withheld = await write(view(false), { answers: true, analysis: true });
    expect(withheld.text).not.toContain('【答案】');
    expect(withheld.text).not.toContain('【解析】');
  });

  it('appends an answer sheet on a new page when asked: option boxes for choices, lines for the others', async () => {
    const { xml, text } = await write(view(false), { sheet: true });
    const at = text.indexOf('答题卡');
    expect(at).toBeGreaterThan(0);
    expect(xml).toContain('<w:pageBreakBefore/>');
    const sheet = text.slice(at);
    expect(sheet).toContain('姓名');
    expect(sheet).toContain('一、单选题（共 2 题，4 分）');
    expect(sheet).toMatch(/1\u00a0*\[A\] \[B\] \[C\] \[D\]/);
    expect(sheet).toMatch(/2\u00a0*\[A\] \[B\]/);
    expect(sheet).toMatch(/4\u00a0*\[√\] \[×\]/);
    expect(sheet).toMatch(/\(1\)\u00a0*\[A\] \[B\]/);
    expect(sheet).toContain('3.');
    expect(xml.slice(xml.indexOf('答题卡'))).toContain('<w:tbl>');
    // Lines to write on: underlined tabs.
    expect(xml.slice(xml.indexOf('答题卡'))).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:tab\/>/);
  });

  it('speaks English when asked', async () => {
    const { text } = await write(view(true), { locale: 'en', answers: true, analysis: true, sheet: true });
    expect(text).toContain('Exam');
    expect(text).toContain('Total 12 points');
    expect(text).toContain('90 minutes');
    expect(text).toContain('Pass mark 7.5');
    for (const label of ['Name', 'Class', 'Student No.']) expect(text).toContain(label);
    expect(text).toContain('I. 单选题 (2 questions, 4 points)');
    expect(text).toContain('II. 综合题 (3 questions, 8 points)');
    expect(text).toContain('1. (2 points) ');
    expect(text).toContain('[Answer] B');
    expect(text).toContain('[Answer] True');
    expect(text).toContain('[Analysis] 开方得唯一正根解析文字');
    expect(text).toContain('Answer sheet');
    expect(text).toMatch(/4\u00a0*\[T\] \[F\]/);
    expect(text).not.toMatch(/[姓班学]/);
  });

  it('leaves a section the teacher numbered (一、单选题) with its own number', async () => {
    const v = view(false);
    v.sections[0]!.name = '一、单选题';
    v.sections[1]!.children[0]!.name = '1. 填空与判断';
    const { text } = await write(v);
    expect(text).toContain('一、单选题（共 2 题，4 分）');
    expect(text).not.toContain('一、一、');
    expect(text).toContain('1. 填空与判断（共 2 题，4 分）');
    expect(text).not.toContain('1. 1. ');
  });

  it('writes an equation even where it would not read back to the same LaTeX (a printed paper is never imported)', async () => {
    const v = view(false);
    const latex = '\\angle C=90^{\\circ}';
    v.sections[0]!.questions[0]!.stem =
      `<p>已知 <span data-type="formula" data-latex="${latex}">${latex}</span>（ ）</p>`;
    const { xml, text } = await write(v);
    expect(text).not.toContain('$');
    expect(xml.match(/<m:oMath>/g)).toHaveLength(1);
  });

  it('names a picture it cannot read instead of failing', async () => {
    const { text, media } = await write(view(false), {
      readFile: async () => {
        throw new Error('gone');
      },
    });
    expect(media).toHaveLength(0);
    expect(text).toContain('[图片]');
  });
});
