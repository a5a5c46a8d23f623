import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/http/errors.ts';
import { applyFixes, keeps } from './import-plan.ts';
import { parsePlainText } from './text-parse.ts';

const paper = ['一、单选题', '1. 主尺单位是（ ）。', 'A. 厘米  B. 毫米', '答案：E', '2. 本卷共两页。'].join('\n');

describe('an import plan', () => {
  it('builds a fixed question again by the import rules, and keeps what a fix cannot put right', () => {
    const read = parsePlainText(paper);
    expect(read[0]!.problems.map((p) => p.key)).toContain('question.import.answer');
    // Beside each question, the lines it was read from.
    expect(read.map((q) => q.original)).toEqual(['1. 主尺单位是（ ）。\nA. 厘米  B. 毫米\n答案：E', '2. 本卷共两页。']);
    read[0]!.problems.push({ key: 'question.import.metafile' });

    const [fixed, lone] = applyFixes(read, { fixes: [{ index: 0, answer: 'B' }] });
    expect(fixed!.draft.items.map((i) => i.isAnswer)).toEqual([0, 1]);
    expect(fixed!.problems.map((p) => p.key)).toEqual(['question.import.metafile']);
    expect(lone).toBe(read[1]);

    const [asJudge] = applyFixes(read, { fixes: [{ index: 0, type: '判断题', answer: '错误' }] });
    expect([asJudge!.draft.type, asJudge!.draft.answer, asJudge!.draft.items]).toEqual(['judge', 'F', []]);

    const [wrong] = applyFixes(read, { fixes: [{ index: 0, options: ['厘米', '毫米', '米'], answer: 'D' }] });
    expect(wrong!.draft.items).toHaveLength(3);
    expect(wrong!.problems.map((p) => p.key)).toContain('question.import.answer');
  });

  it('refuses a fix or skip of a question the file does not have; keeps what it does not skip', () => {
    const read = parsePlainText(paper);
    expect(() => applyFixes(read, { skip: [2] })).toThrow(AppError);
    expect(() => applyFixes(read, { fixes: [{ index: 9, answer: 'A' }] })).toThrow(AppError);
    expect([keeps({ skip: [1] }, 0), keeps({ skip: [1] }, 1), keeps({}, 1)]).toEqual([true, false, true]);
  });
});
