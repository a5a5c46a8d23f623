import type { AnswerSave, SaveAck } from '@shixun/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryJournal } from './journal.ts';
import { AnswerSync, isAnswered, type SaveFailure } from './sync.ts';

/** A save call the test answers by hand. */
function server() {
  const calls: { answers: AnswerSave[]; resolve: (ack?: Partial<SaveAck>) => void; reject: (e: unknown) => void }[] =
    [];
  const send = (answers: AnswerSave[]) =>
    new Promise<SaveAck>((resolve, reject) => {
      calls.push({
        answers,
        resolve: (ack) =>
          resolve({
            acked: answers.map((a) => ({ questionId: a.questionId, seq: a.seq })),
            serverTime: '2025-01-01T00:00:00.000Z',
            endTime: '2025-01-01T01:00:00.000Z',
            ...ack,
          }),
        reject,
      });
    });
  return { calls, send };
}

const offline = new Error('offline');
const classify = (e: unknown): SaveFailure =>
  e === offline ? { kind: 'network' } : { kind: 'refused', message: String((e as Error).message) };

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('journals each change unacked, sends after the pause and shows saved only after the ack', async () => {
    const journal = memoryJournal();
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    sync.change('q1', { answer: 'B' });
    await settle();
    expect(journal.rows.get('a1')?.get('q1')).toMatchObject({ answer: 'B', seq: 2, acked: false });
    expect(sync.getState()).toMatchObject({ unacked: 1, savedAt: null });
    expect(calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answers).toEqual([{ questionId: 'q1', answer: 'B', seq: 2, flagged: 0 }]);
    expect(sync.getState().unacked).toBe(1);
    calls[0]!.resolve();
    await settle();
    expect(sync.getState().unacked).toBe(0);
    expect(sync.getState().savedAt).not.toBeNull();
    expect(journal.rows.get('a1')?.get('q1')).toMatchObject({ seq: 2, acked: true });
    sync.dispose();
  });

  it('keeps an edit made while its save was in flight unacked and sends it next', async () => {
    const journal = memoryJournal();
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    void sync.flush();
    expect(calls).toHaveLength(1);
    sync.change('q1', { answer: 'C' });
    calls[0]!.resolve();
    await settle();
    expect(sync.getState().entries.get('q1')).toMatchObject({ answer: 'C', seq: 2, acked: false });
    expect(journal.rows.get('a1')?.get('q1')).toMatchObject({ seq: 2, acked: false });
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.answers).toEqual([{ questionId: 'q1', answer: 'C', seq: 2, flagged: 0 }]);
    calls[1]!.resolve();
    await settle();
    expect(sync.getState().unacked).toBe(0);
    sync.dispose();
  });

  it('on a network failure keeps the answers and sends them again every 15 s', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q2', { answer: ['x'] });
    void sync.flush();
    calls[0]!.reject(offline);
    await settle();
    expect(sync.getState()).toMatchObject({ failure: { kind: 'network' }, unacked: 1, stopped: false });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await settle();
    expect(sync.getState()).toMatchObject({ failure: null, unacked: 0 });
    sync.dispose();
  });

  it('does not try while the device is offline', async () => {
    const { calls, send } = server();
    let online = false;
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => online });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    await sync.flush();
    expect(calls).toHaveLength(0);
    expect(sync.getState().failure).toEqual({ kind: 'network' });
    online = true;
    void sync.flush();
    expect(calls).toHaveLength(1);
    sync.dispose();
  });

  it('stops for good when the server refuses (time up, handed in)', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    void sync.flush();
    calls[0]!.reject(new Error('答题时间已到'));
    await settle();
    expect(sync.getState()).toMatchObject({ stopped: true, failure: { kind: 'refused', message: '答题时间已到' } });
    sync.change('q1', { answer: 'B' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
    expect(sync.getState().entries.get('q1')?.answer).toBe('A');
    sync.dispose();
  });

  it('resumes from the journal after a reload: what the server lacks is sent at once and stays unacked until acked', async () => {
    const journal = memoryJournal();
    await journal.put('a1', [{ questionId: 'q1', answer: 'D', seq: 4, flagged: 1, acked: false }]);
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true });
    await sync.start({ q1: { answer: 'A', seq: 3, flagged: 0 }, q2: { answer: 'T', seq: 1, flagged: 0 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answers).toEqual([{ questionId: 'q1', answer: 'D', seq: 4, flagged: 1 }]);
    expect(sync.getState().entries.get('q1')?.acked).toBe(false);
    expect(sync.getState().entries.get('q2')).toMatchObject({ answer: 'T', acked: true });
    calls[0]!.reject(offline);
    await settle();
    // Another reload before any ack: still unacked, sent again.
    const again = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true });
    await again.start({ q1: { answer: 'A', seq: 3, flagged: 0 } });
    expect(again.getState().entries.get('q1')).toMatchObject({ answer: 'D', seq: 4, acked: false });
    expect(calls).toHaveLength(2);
    sync.dispose();
    again.dispose();
  });

  it('numbers a change on top of the highest seq known, so the server takes it', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({ q1: { answer: 'A', seq: 9, flagged: 0 } });
    sync.change('q1', { answer: 'B' });
    await vi.advanceTimersByTimeAsync(800);
    expect(calls[0]!.answers[0]).toMatchObject({ seq: 10, answer: 'B' });
    sync.dispose();
  });

  it('reports every ack for the clock, with the device’s times around the request', async () => {
    const { calls, send } = server();
    const onAck = vi.fn();
    let now = 1000;
    const sync = new AnswerSync({
      attemptId: 'a1',
      journal: memoryJournal(),
      send,
      classify,
      onAck,
      isOnline: () => true,
      now: () => now,
    });
    await sync.start({});
    void sync.ping();
    now = 1200;
    calls[0]!.resolve({ endTime: '2025-01-01T02:00:00.000Z' });
    await settle();
    expect(calls[0]!.answers).toEqual([]);
    expect(onAck).toHaveBeenCalledWith(expect.objectContaining({ endTime: '2025-01-01T02:00:00.000Z' }), 1000, 1200);
    sync.dispose();
  });

  it('empties the journal of an attempt once it is handed in', async () => {
    const journal = memoryJournal();
    const { send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    await settle();
    expect(journal.rows.has('a1')).toBe(true);
    await sync.finish();
    expect(journal.rows.has('a1')).toBe(false);
  });
});

describe('isAnswered', () => {
  it('counts text and lists with something in them', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered('A')).toBe(true);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(['', ' '])).toBe(false);
    expect(isAnswered(['', 'x'])).toBe(true);
  });
});
