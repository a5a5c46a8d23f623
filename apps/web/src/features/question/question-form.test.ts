import type { Question } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyValues,
  newBlank,
  newPoint,
  partsScore,
  problemsOf,
  toBody,
  toValues,
  toViewQuestion,
} from './question-form.ts';

const saved = (fields: Partial<Question>): Question => ({
  id: 'q1',
  createUser: '1',
  createTime: '',
  updateUser: '1',
  updateTime: '',
  status: 1,
  tenantId: '000000',
  libId: 'lib1',
  parentId: '0',
  type: 'single',
  stem: '<p>题干</p>',
  answer: '',
  analysis: '',
  difficulty: 2,
  score: 3,
  discipline: 'math',
  source: '',
  config: {},
  sort: 0,
  sourceId: '0',
  items: [],
  flagIds: [],
  libName: '题库',
  childCount: 0,
  ...fields,
});

describe('the question editor’s form', () => {
  it('sends only what the type keeps: options for a choice, T/F for a judgement, blanks with their rules', () => {
    const single = { ...emptyValues('single', 'lib1'), stem: '<p>s</p>' };
    single.options = single.options.map((o, i) => ({ ...o, content: `<p>${i}</p>`, isAnswer: i === 2 ? 1 : 0 }));
    const body = toBody(single);
    expect(body.items).toHaveLength(4);
    expect(body.items?.map((i) => i.isAnswer)).toEqual([0, 0, 1, 0]);
    expect(body.answer).toBe('');

    const judge = { ...single, type: 'judge' as const, judge: 'F' as const };
    expect(toBody(judge)).toMatchObject({ answer: 'F', items: [] });

    const fill = { ...single, type: 'fill' as const, blanks: [{ ...newBlank(), answers: [' 0.5 ', '.5'], score: 2 }] };
    expect(toBody(fill).items).toEqual([
      {
        id: undefined,
        content: '0.5|.5',
        isAnswer: 0,
        score: 2,
        config: { caseSensitive: false, ignoreWidth: true, ignoreSpace: true },
      },
    ]);

    const file = { ...single, type: 'file' as const, fileTypes: ['pdf'], maxSizeMb: 5, answer: '<p>ref</p>' };
    expect(toBody(file)).toMatchObject({
      config: { fileTypes: ['pdf'], maxSizeMb: 5 },
      items: [],
      answer: '<p>ref</p>',
    });
  });

  it('reads a saved question back, keeping item ids so an edit updates them', () => {
    const values = toValues(
      saved({
        type: 'fill',
        items: [{ id: 'i1', content: '北京|京', isAnswer: 0, score: 1, config: { caseSensitive: true } }],
      }),
    );
    expect(values.blanks).toMatchObject([{ id: 'i1', answers: ['北京', '京'], score: 1, caseSensitive: true }]);
    expect(toBody(values).items?.[0]).toMatchObject({ id: 'i1', content: '北京|京' });
    expect(toValues(saved({ type: 'judge', answer: 'T' })).judge).toBe('T');
  });

  it('places each shape problem beside its field, by the server’s rules', () => {
    const values = emptyValues('single', 'lib1');
    expect(problemsOf(values, false)).toEqual([
      { key: 'question.stem.required', field: 'stem' },
      { key: 'question.option.empty', field: 'options' },
      { key: 'question.answer.single', field: 'options' },
    ]);
    expect(problemsOf({ ...values, type: 'judge', stem: '<p>x</p>' }, false)).toEqual([
      { key: 'question.answer.judge', field: 'judge' },
    ]);
    expect(problemsOf({ ...values, type: 'composite', stem: '<p>x</p>' }, true)).toEqual([
      { key: 'question.composite.nested', field: 'type' },
    ]);
    expect(problemsOf({ ...values, type: 'short', stem: '<p><img src="/files/a.png"></p>' }, false)).toEqual([]);
  });

  it('holds the score to its points and blanks by the server’s rule, naming both sums beside the score', () => {
    const fill = { ...emptyValues('fill', 'lib1'), stem: '<p>____</p>' };
    fill.blanks = fill.blanks.map((b) => ({ ...b, answers: ['北京'] }));
    // A new fill-in's one blank is worth the question's score from the start.
    expect(partsScore(fill)).toBe(fill.score);
    expect(problemsOf(fill, false)).toEqual([]);
    expect(problemsOf({ ...fill, score: 3 }, false)).toEqual([
      { key: 'question.score.blanks', field: 'score', params: { score: 3, total: 2 } },
    ]);
    const short = {
      ...emptyValues('short', 'lib1'),
      stem: '<p>简述</p>',
      points: [
        { ...newPoint(), content: '一', score: 2 },
        { ...newPoint(), content: '二', score: 3 },
      ],
      score: 2,
    };
    expect(partsScore(short)).toBe(5);
    expect(problemsOf(short, false)).toEqual([
      { key: 'question.score.points', field: 'score', params: { score: 2, total: 5 } },
    ]);
    // A composite's score is its children's total, kept by the server: it is not sent.
    expect(toBody({ ...emptyValues('composite', 'lib1'), score: 9 })).not.toHaveProperty('score');
  });

  it('previews the form as the student view draws it, a composite question with its children', () => {
    const values = { ...emptyValues('composite', 'lib1'), stem: '<p>材料</p>' };
    const child = { type: 'judge' as const, stem: '<p>对吗</p>', answer: 'T' };
    expect(toViewQuestion(values, [child])).toMatchObject({ type: 'composite', items: [], children: [child] });
    expect(toViewQuestion({ ...values, type: 'short' }, [child]).children).toEqual([]);
  });
});
