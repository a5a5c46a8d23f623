import { countPaperQuestions, type ExamQuestion, type ExamSection } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { leaves, pageRange } from './paper.ts';

const q = (id: string, type: ExamQuestion['type'], children: ExamQuestion[] = []): ExamQuestion => ({
  id,
  no: id,
  type,
  score: 1,
  stem: '',
  items: [],
  blanks: 0,
  children,
});

describe('the pager counts as the answer sheet and the header do', () => {
  // single, judge, a composite of two parts, practical work: 4 to answer on the page.
  const sections: ExamSection[] = [
    {
      id: 's',
      name: '一',
      remark: '',
      score: 5,
      questions: [
        q('1', 'single'),
        q('2', 'judge'),
        q('3', 'composite', [q('(1)', 'fill'), q('(2)', 'short')]),
        q('4', 'practical'),
      ],
    },
  ];
  const all = leaves(sections);

  it('has as many answerable questions as the contracts’ rule counts', () => {
    expect(all.map((l) => l.label)).toEqual(['1', '2', '3(1)', '3(2)']);
    expect(all).toHaveLength(countPaperQuestions(sections));
  });

  it('puts each page among them: a composite covers its parts, practical work none', () => {
    expect(pageRange(all, 0)).toEqual({ from: 1, to: 1 });
    expect(pageRange(all, 2)).toEqual({ from: 3, to: 4 });
    expect(pageRange(all, 3)).toBeNull();
  });
});
