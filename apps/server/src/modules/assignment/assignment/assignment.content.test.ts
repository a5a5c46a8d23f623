import { countPaperQuestions, type QuestionType } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db/ids.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assignmentContent, type Content, type ContentQuestion, questionCount } from './assignment.content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A version of an assignment never read before (its content, empty here, is read like any other's). */
const version = () => ({ id: newId(), updateTime: new Date() });

describe('assignment content cache', () => {
  it('reads a miss once for everyone asking meanwhile, then answers from memory', async () => {
    const a = version();
    const all = await Promise.all(Array.from({ length: 20 }, () => assignmentContent(t.db, a)));
    expect(new Set(all).size).toBe(1);
    expect(await assignmentContent(t.db, a)).toBe(all[0]);
    // Another version (a key fix bumps update_time) is read anew.
    expect(await assignmentContent(t.db, { ...a, updateTime: new Date(a.updateTime.getTime() + 1) })).not.toBe(all[0]);
  });

  it('does not keep a read that failed', async () => {
    const broken = { id: 'not-a-number', updateTime: new Date() };
    const first = assignmentContent(t.db, broken);
    const meanwhile = assignmentContent(t.db, broken);
    expect(meanwhile).toBe(first);
    await expect(first).rejects.toThrow();
    const again = assignmentContent(t.db, broken);
    expect(again).not.toBe(first);
    await expect(again).rejects.toThrow();
  });

  it("shares a transaction's read only once it has succeeded", async () => {
    const a = version();
    const reads = await t.db.transaction(async (tx) => {
      const both = [assignmentContent(tx, a), assignmentContent(tx, a)];
      expect(both[0]).not.toBe(both[1]);
      return Promise.all(both);
    });
    expect(reads).toContain(await assignmentContent(t.db, a));
  });
});

describe('question count', () => {
  it('is the contracts’ rule: a composite counts as its parts, practical work not at all', () => {
    const q = (id: string, type: QuestionType) => [id, { id, type } as ContentQuestion] as const;
    // A single choice, a composite of two, a practical task: the student answers three on the page.
    const content: Content = new Map([
      q('1', 'single'),
      q('2', 'composite'),
      q('2a', 'judge'),
      q('2b', 'short'),
      q('3', 'practical'),
    ]);
    const paper = [
      {
        questions: [
          { type: 'single' as const, children: [] },
          {
            type: 'composite' as const,
            children: [
              { type: 'judge' as const, children: [] },
              { type: 'short' as const, children: [] },
            ],
          },
          { type: 'practical' as const, children: [] },
        ],
      },
    ];
    expect(questionCount(content)).toBe(3);
    expect(questionCount(content)).toBe(countPaperQuestions(paper));
  });
});
