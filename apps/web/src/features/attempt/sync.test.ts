import { ANSWER_TEXT_MAX, type AnswerSave, type SaveAck } from '@shixun/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryJournal } from './journal.ts';
import { AnswerSync, firstBatch, LONGEST_PAUSE_MS, pauseMs, type SaveFailure } from './sync.ts';

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
/** A failure the test names (as ExamPage's classify would from a 429, 503 or 413). */
const failure = (f: SaveFailure) => Object.assign(new Error(f.kind), { failure: f });
const classify = (e: unknown): SaveFailure =>
  e === offline
    ? { kind: 'network' }
    : ((e as { failure?: SaveFailure }).failure ?? { kind: 'refused', message: String((e as Error).message) });

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

  it('on a network failure keeps the answers and sends them again after pauses that double, up to 15 s', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({
      attemptId: 'a1',
      journal: memoryJournal(),
      send,
      classify,
      isOnline: () => true,
      random: () => 1,
    });
    await sync.start({});
    sync.change('q2', { answer: ['x'] });
    void sync.flush();
    for (const pause of [1000, 2000, 4000, 8000, 15_000, 15_000]) {
      calls.at(-1)!.reject(offline);
      await settle();
      expect(sync.getState()).toMatchObject({ failure: { kind: 'network' }, unacked: 1, stopped: false });
      const before = calls.length;
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(calls).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(before + 1);
    }
    calls.at(-1)!.resolve();
    await settle();
    expect(sync.getState()).toMatchObject({ failure: null, unacked: 0 });
    // A success starts the pauses over.
    sync.change('q2', { answer: ['y'] });
    await vi.advanceTimersByTimeAsync(800);
    calls.at(-1)!.reject(offline);
    await settle();
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(before + 1);
    sync.dispose();
  });

  it('when the server asks to wait (429, 503) keeps the answers and sends nothing before its Retry-After', async () => {
    const journal = memoryJournal();
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal, send, classify, isOnline: () => true, random: () => 0 });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    void sync.flush();
    calls[0]!.reject(failure({ kind: 'delayed', retryAfter: 2 }));
    await settle();
    expect(sync.getState()).toMatchObject({ failure: { kind: 'delayed' }, unacked: 1, stopped: false });
    expect(journal.rows.get('a1')?.get('q1')).toMatchObject({ answer: 'A', acked: false });
    // Edits, flushes and pings meanwhile are journaled, not sent.
    sync.change('q2', { answer: 'B' });
    await vi.advanceTimersByTimeAsync(900);
    void sync.flush();
    void sync.ping();
    await vi.advanceTimersByTimeAsync(1099);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.answers.map((a) => a.questionId)).toEqual(['q1', 'q2']);
    // Told again, without a time: the pauses double.
    calls[1]!.reject(failure({ kind: 'delayed' }));
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve();
    await settle();
    expect(sync.getState()).toMatchObject({ failure: null, unacked: 0 });
    sync.dispose();
  });

  it('after a 413 sends answers one by one, holds back only the one too large, and sends it again once changed', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'A' });
    sync.change('q2', { answer: 'long' });
    sync.change('q3', { answer: 'C' });
    void sync.flush();
    calls[0]!.reject(failure({ kind: 'tooLarge' }));
    await settle();
    expect(calls[1]!.answers.map((a) => a.questionId)).toEqual(['q1']);
    calls[1]!.resolve();
    await settle();
    expect(calls[2]!.answers.map((a) => a.questionId)).toEqual(['q2']);
    calls[2]!.reject(failure({ kind: 'tooLarge' }));
    await settle();
    expect(calls[3]!.answers.map((a) => a.questionId)).toEqual(['q3']);
    calls[3]!.resolve();
    await settle();
    expect(sync.getState()).toMatchObject({ tooLong: ['q2'], unacked: 1, stopped: false });
    expect(sync.pending()).toEqual([]);
    // Not sent again unchanged (not by the retry, not by a flush) …
    await vi.advanceTimersByTimeAsync(30_000);
    await sync.flush();
    expect(calls).toHaveLength(4);
    // … but once the student shortens it.
    sync.change('q2', { answer: 'short' });
    expect(sync.getState().tooLong).toEqual([]);
    await vi.advanceTimersByTimeAsync(800);
    expect(calls[4]!.answers).toEqual([{ questionId: 'q2', answer: 'short', seq: 2, flagged: 0 }]);
    calls[4]!.resolve();
    await settle();
    expect(sync.getState()).toMatchObject({ tooLong: [], unacked: 0 });
    sync.dispose();
  });

  it('holds back an answer over the shared limits without sending it', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    sync.change('q1', { answer: 'x'.repeat(ANSWER_TEXT_MAX + 1) });
    sync.change('q2', { answer: 'B' });
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answers.map((a) => a.questionId)).toEqual(['q2']);
    expect(sync.getState().tooLong).toEqual(['q1']);
    sync.dispose();
  });

  it('sends a backlog larger than one save in several, one after the other', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    // Eight answers of 20,000 Chinese characters (60 kB each): 256 kB takes four.
    for (let i = 1; i <= 8; i++) sync.change(`q${i}`, { answer: '字'.repeat(20_000) });
    void sync.flush();
    expect(calls[0]!.answers).toHaveLength(4);
    calls[0]!.resolve();
    await settle();
    expect(calls[1]!.answers.map((a) => a.questionId)).toEqual(['q5', 'q6', 'q7', 'q8']);
    calls[1]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(sync.getState().unacked).toBe(0);
    sync.dispose();
  });

  it('before a hand-in saves a backlog too large for one request, so the hand-in carries the rest', async () => {
    const { calls, send } = server();
    const sync = new AnswerSync({ attemptId: 'a1', journal: memoryJournal(), send, classify, isOnline: () => true });
    await sync.start({});
    for (let i = 1; i <= 6; i++) sync.change(`q${i}`, { answer: '字'.repeat(20_000) });
    const paused = sync.pause();
    await settle();
    calls[0]!.resolve();
    await settle();
    calls[1]!.resolve();
    await paused;
    expect(calls).toHaveLength(2);
    expect(sync.pending()).toEqual([]);
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

describe('pauses and batches', () => {
  it('pause: a Retry-After plus up to a second; else a jittered doubling from 1 s, never over 15 s', () => {
    expect(pauseMs(1, 2, () => 0)).toBe(2000);
    expect(pauseMs(1, 2, () => 1)).toBe(3000);
    expect(pauseMs(1, undefined, () => 0)).toBe(500);
    expect(pauseMs(1, undefined, () => 1)).toBe(1000);
    expect(pauseMs(3, undefined, () => 1)).toBe(4000);
    expect(pauseMs(30, undefined, () => 1)).toBe(LONGEST_PAUSE_MS);
    expect(pauseMs(30, undefined, () => 0)).toBe(LONGEST_PAUSE_MS / 2);
  });

  it('batch: as many answers as fit 256 kB, and at least one', () => {
    const save = (i: number, chars: number) => ({ questionId: `q${i}`, answer: 'a'.repeat(chars), seq: 1 });
    expect(firstBatch([save(1, 10), save(2, 10)])).toHaveLength(2);
    expect(firstBatch([save(1, 200_000), save(2, 100_000)])).toHaveLength(1);
    expect(firstBatch([save(1, 300_000)])).toHaveLength(1);
    expect(firstBatch([])).toEqual([]);
  });
});
