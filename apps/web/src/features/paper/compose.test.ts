import type { PaperQuestionView, PaperSection, PaperView } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchIds,
  blueprintValues,
  drawSummary,
  findSection,
  newRule,
  placeSections,
  questionIdsOf,
  removableIds,
  scorableRows,
  sectionSuggestions,
  toDrawBody,
  toViewQuestion,
  validScore,
} from './compose.ts';
import { bankQuery } from './QuestionPicker.tsx';

const q = (id: string, fields: Partial<PaperQuestionView> = {}): PaperQuestionView => ({
  id,
  questionId: `bank-${id}`,
  no: id,
  score: 2,
  type: 'single',
  stem: `<p>${id}</p>`,
  difficulty: 2,
  libName: '机械基础',
  items: [],
  children: [],
  ...fields,
});
const composite = q('c', {
  type: 'composite',
  score: 5,
  children: [q('c1', { no: '(1)', score: 2 }), q('c2', { no: '(2)', score: 3 })],
});
const section = (id: string, fields: Partial<PaperSection> = {}): PaperSection => ({
  id,
  parentId: '0',
  name: id,
  remark: '',
  score: 0,
  questionCount: 0,
  questions: [],
  children: [],
  ...fields,
});

describe('batch scores and removal', () => {
  const questions = [q('a'), composite, q('b')];

  it('scores every question but a composite one, whose children stand for it', () => {
    expect(scorableRows(questions).map((x) => x.id)).toEqual(['a', 'c1', 'c2', 'b']);
  });

  it('sends the ticked scorable rows in order, never a composite row or a stale id', () => {
    expect(batchIds(questions, new Set(['b', 'c', 'c2', 'gone', 'a']))).toEqual(['a', 'c2', 'b']);
    expect(batchIds(questions, new Set())).toEqual([]);
  });

  it('removes ticked questions, and a composite one only with all its children ticked', () => {
    expect(removableIds(questions, new Set(['a', 'c1']))).toEqual(['a']);
    expect(removableIds(questions, new Set(['c1', 'c2', 'b']))).toEqual(['c', 'b']);
  });

  it('accepts scores of 0–1000 in tenths', () => {
    expect([0, 1.5, 1000, 2.1].every(validScore)).toBe(true);
    expect([-1, 1000.5, 1.25, Number.NaN, null, undefined].some(validScore)).toBe(false);
  });
});

describe('sections', () => {
  const tree = [
    section('一', { children: [section('1.1', { parentId: '一' }), section('1.2', { parentId: '一' })] }),
    section('二', { questions: [q('a'), composite] }),
  ];

  it('lists sections in reading order with their depth, place and path', () => {
    expect(placeSections(tree).map((p) => [p.section.id, p.depth, p.index, p.siblings])).toEqual([
      ['一', 0, 0, 2],
      ['1.1', 1, 0, 2],
      ['1.2', 1, 1, 2],
      ['二', 0, 1, 2],
    ]);
    expect(findSection(tree, '1.2')?.path).toEqual(['一', '1.2']);
    expect(findSection(tree, 'nope')).toBeUndefined();
  });

  it('knows every bank question of the paper, children included', () => {
    const view = { paper: {}, sections: tree, answers: true } as unknown as PaperView;
    expect([...questionIdsOf(view)].sort()).toEqual(['bank-a', 'bank-c', 'bank-c1', 'bank-c2']);
    expect(questionIdsOf(undefined).size).toBe(0);
  });

  it('suggests the next section’s usual names in the UI language', () => {
    expect(sectionSuggestions(2, 'zh', ['单选题'])).toEqual(['二、单选题']);
    expect(sectionSuggestions(12, 'zh', ['判断题'])).toEqual(['十二、判断题']);
    expect(sectionSuggestions(3, 'en', ['True/false'])).toEqual(['Part 3: True/false']);
  });

  it('draws a paper question like the bank, answers marked as 0/1', () => {
    const view = toViewQuestion(
      q('a', {
        items: [
          { id: 'i1', label: 'A', content: '甲', isAnswer: true },
          { id: 'i2', label: 'B', content: '乙' },
        ],
      }),
    );
    expect(view.items?.map((i) => i.isAnswer)).toEqual([1, 0]);
    expect(toViewQuestion(composite).children?.map((c) => c.score)).toEqual([2, 3]);
  });
});

describe('random composition', () => {
  it('starts from the saved blueprint without its seed, or from one new rule', () => {
    expect(
      blueprintValues({
        rules: [{ section: '一、单选题', libId: 'L', flagId: '', type: 'single', count: 3, score: 2 }],
        seed: 42,
        perStudent: 1,
      }),
    ).toEqual({
      rules: [
        {
          section: '一、单选题',
          libId: 'L',
          flagId: undefined,
          type: 'single',
          difficulty: undefined,
          count: 3,
          score: 2,
        },
      ],
      seed: undefined,
      perStudent: true,
    });
    expect(blueprintValues(null)).toEqual({ rules: [newRule()], seed: undefined, perStudent: false });
  });

  it('continues the last rule’s section and library', () => {
    expect(newRule({ section: '二', libId: 'L', type: 'judge', count: 9, score: 1 })).toEqual({
      section: '二',
      libId: 'L',
      type: 'judge',
      count: 5,
      score: 2,
    });
  });

  it('sends only what was chosen: no empty knowledge point, difficulty or seed', () => {
    const rules = [
      { section: ' 一、单选题 ', libId: 'L', flagId: undefined, type: 'single' as const, count: 3, score: 2 },
      { section: '二、判断题', libId: 'L', flagId: 'F', type: 'judge' as const, difficulty: 4, count: 2, score: 1 },
    ];
    expect(toDrawBody('P', { rules, seed: null, perStudent: false })).toEqual({
      paperId: 'P',
      rules: [
        { section: '一、单选题', libId: 'L', type: 'single', count: 3, score: 2 },
        { section: '二、判断题', libId: 'L', flagId: 'F', type: 'judge', difficulty: 4, count: 2, score: 1 },
      ],
      perStudent: 0,
    });
    expect(toDrawBody('P', { rules, seed: 1234, perStudent: true })).toMatchObject({ seed: 1234, perStudent: 1 });
  });

  it('sums what a draw makes per section', () => {
    expect(
      drawSummary([
        { section: 'A', count: 3, score: 1.5 },
        { section: 'B', count: 2, score: 2 },
        { section: 'A ', count: 1, score: 0.2 },
        { section: '', count: 9, score: 9 },
      ]),
    ).toEqual([
      { section: 'A', count: 4, score: 4.7 },
      { section: 'B', count: 2, score: 4 },
    ]);
  });
});

describe('the picker', () => {
  it('asks the bank for the chosen filters only', () => {
    expect(bankQuery({}, undefined)).toEqual({});
    expect(bankQuery({ libId: 'L', types: ['single', 'judge'], difficulty: 3, text: ' 齿轮 ' }, 'F')).toEqual({
      libId: 'L',
      type: 'single,judge',
      difficulty: 3,
      text: '齿轮',
      flagId: 'F',
    });
  });
});
