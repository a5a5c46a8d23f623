import { describe, expect, it } from 'vitest';
import { looksLikeAiken, readAiken } from './aiken.ts';

describe('Aiken', () => {
  it('reads choice questions: options with a dot or a bracket, the answer line, several letters', () => {
    const text = [
      'Which gas do plants take in?',
      'A. Oxygen',
      'B. Carbon dioxide',
      'C. Nitrogen',
      'ANSWER: B',
      '',
      '2. 下列是直辖市的有',
      'A) 北京',
      'B) 广州',
      'C) 天津',
      'ANSWER：A, C',
      '3.14 是哪个数的近似值？',
      'A、圆周率',
      'B、自然常数',
      'ANSWER: A',
    ].join('\n');
    const read = readAiken(text);
    expect(
      read.map((q) => ({
        type: q.draft.type,
        stem: q.draft.stem,
        items: q.draft.items.map((i) => [i.content, i.isAnswer]),
        problems: q.problems,
      })),
    ).toEqual([
      {
        type: 'single',
        stem: '<p>Which gas do plants take in?</p>',
        items: [
          ['<p>Oxygen</p>', 0],
          ['<p>Carbon dioxide</p>', 1],
          ['<p>Nitrogen</p>', 0],
        ],
        problems: [],
      },
      {
        type: 'multiple',
        stem: '<p>下列是直辖市的有</p>',
        items: [
          ['<p>北京</p>', 1],
          ['<p>广州</p>', 0],
          ['<p>天津</p>', 1],
        ],
        problems: [],
      },
      {
        type: 'single',
        stem: '<p>3.14 是哪个数的近似值？</p>',
        items: [
          ['<p>圆周率</p>', 1],
          ['<p>自然常数</p>', 0],
        ],
        problems: [],
      },
    ]);
  });

  it('keeps and flags a question without its answer line or options', () => {
    const read = readAiken('甲？\nA. 一\nB. 二\n乙？\nA. 三\nB. 四\nANSWER: E\n丙？\nANSWER: A');
    expect(read.map((q) => q.problems.map((p) => p.key))).toEqual([
      ['question.answer.single'],
      ['question.import.answer', 'question.answer.single'],
      ['question.import.answer', 'question.options.min', 'question.answer.single'],
    ]);
  });

  it('is told by its answer lines right after the options, not by a paper’s Answer: fields', () => {
    expect(looksLikeAiken('问题？\nA. 是\nB. 否\nANSWER: A')).toBe(true);
    expect(looksLikeAiken('1. Which gas?\nA. Oxygen  B. Carbon dioxide\nAnswer: B\nAnalysis: …')).toBe(false);
    expect(looksLikeAiken('1. 简述。\nANSWER: 见课本')).toBe(false);
  });
});
