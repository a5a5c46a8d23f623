import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/http/errors.ts';
import type { ParsedQuestion } from '../types.ts';
import { looksLikeGift, readGift } from './gift.ts';

const shape = (questions: ParsedQuestion[]) =>
  questions.map((q) => ({
    type: q.draft.type,
    stem: q.draft.stem,
    items: q.draft.items.map((i) => (q.draft.type === 'fill' ? i.content : [i.content, i.isAnswer])),
    answer: q.draft.answer,
    analysis: q.draft.analysis,
    problems: q.problems.map((p) => p.params?.value ?? p.key),
  }));

describe('GIFT', () => {
  it('reads every kind of question, with titles, comments, categories, feedback and escapes', () => {
    const text = [
      '// 第一单元 测验',
      '$CATEGORY: $course$/地理',
      '',
      '::首都::我国的首都是？{',
      '  =北京#对，北京是首都。',
      '  ~上海#不对',
      '  ~广州',
      '  ####北京是中华人民共和国的首都。',
      '}',
      '',
      '::直辖市::下列是直辖市的有 {~%50%北京 ~%50%天津 ~%-100%广州}',
      '',
      '// a true-or-false question',
      '地球是圆的。{T#地球是一个球体。#对了}',
      '',
      '太阳从西边升起。{FALSE}',
      '',
      '我国的首都是{=北京 =Beijing}，最大的城市是{=上海}。',
      '',
      '中国的首都是{~上海 =北京}市。',
      '',
      '简述水循环的过程。{}',
      '',
      '圆周率取两位小数是 {#3.14}',
      '',
      '1 \\+ 1 \\= 2 写成 a\\:b 与 \\{x\\} 与 \\~ 与 \\#。{T}',
      '',
      '把省份和省会配对。{=湖北 -> 武汉 =湖南 -> 长沙}',
      '',
      '只是一段说明，没有答案。',
    ].join('\r\n');
    expect(shape(readGift(text))).toEqual([
      {
        type: 'single',
        stem: '<p>我国的首都是？</p>',
        items: [
          ['<p>北京</p>', 1],
          ['<p>上海</p>', 0],
          ['<p>广州</p>', 0],
        ],
        answer: '',
        analysis: '<p>北京是中华人民共和国的首都。</p>',
        problems: [],
      },
      {
        type: 'multiple',
        stem: '<p>下列是直辖市的有</p>',
        items: [
          ['<p>北京</p>', 1],
          ['<p>天津</p>', 1],
          ['<p>广州</p>', 0],
        ],
        answer: '',
        analysis: '',
        problems: [],
      },
      {
        type: 'judge',
        stem: '<p>地球是圆的。</p>',
        items: [],
        answer: 'T',
        analysis: '<p>地球是一个球体。</p>',
        problems: [],
      },
      { type: 'judge', stem: '<p>太阳从西边升起。</p>', items: [], answer: 'F', analysis: '', problems: [] },
      {
        type: 'fill',
        stem: '<p>我国的首都是____，最大的城市是____。</p>',
        items: ['北京|Beijing', '上海'],
        answer: '',
        analysis: '',
        problems: [],
      },
      {
        type: 'single',
        stem: '<p>中国的首都是____市。</p>',
        items: [
          ['<p>上海</p>', 0],
          ['<p>北京</p>', 1],
        ],
        answer: '',
        analysis: '',
        problems: [],
      },
      { type: 'short', stem: '<p>简述水循环的过程。</p>', items: [], answer: '', analysis: '', problems: [] },
      { type: 'fill', stem: '<p>圆周率取两位小数是</p>', items: ['3.14'], answer: '', analysis: '', problems: [] },
      {
        type: 'judge',
        stem: '<p>1 \\+ 1 = 2 写成 a:b 与 {x} 与 ~ 与 #。</p>',
        items: [],
        answer: 'T',
        analysis: '',
        problems: [],
      },
      {
        type: 'short',
        stem: '<p>把省份和省会配对。</p>',
        items: [],
        answer: '',
        analysis: '',
        problems: ['matching'],
      },
    ]);
  });

  it('reads [html] text as HTML, with MathJax formulas', () => {
    // Braces in the text are escaped, as GIFT asks; a backslash may be escaped (`\\`) or not.
    const [q] = readGift('[html]<p>计算 \\\\(\\\\frac\\{1\\}\\{2\\}\\) 的值</p>{=0.5 =1/2}');
    expect(q!.draft.stem).toBe('<p>计算 $\\frac{1}{2}$ 的值</p>');
  });

  it('is told apart from a paper typed as text', () => {
    expect(looksLikeGift('::Q1:: 1+1=2 {T}')).toBe(true);
    expect(looksLikeGift('地球是圆的。{F}')).toBe(true);
    expect(looksLikeGift('中国的首都是 {=北京}')).toBe(true);
    expect(looksLikeGift('The earth is round{T}')).toBe(true);
    expect(looksLikeGift('$CATEGORY: 地理\n\n没有答案')).toBe(true);
    // LaTeX braces and a paper's fields are not GIFT.
    expect(looksLikeGift('1. 化简 $\\frac{x}{2}$ 得（ ）\nA. $x^{2}$ B. $\\mathrm{T}$\n答案：A')).toBe(false);
    expect(looksLikeGift('1. 设集合 A={x|x>1}，则（ ）\n答案：B')).toBe(false);
    expect(looksLikeGift('1. 温度记作 \\mathrm{T}，x^{=} 与 y_{#}\n答案：T')).toBe(false);
  });

  it('finds no questions in text without answer blocks', () => {
    expect(() => readGift('// 只有注释\n\n一段说明。')).toThrow(AppError);
  });
});
