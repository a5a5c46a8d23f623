import type { SavedAnswer } from '@shixun/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  indexedDbJournal,
  type JournalEntry,
  localStorageJournal,
  mergeAnswers,
  nextEntry,
  pendingSaves,
  settleAck,
} from './journal.ts';

const entry = (
  questionId: string,
  seq: number,
  acked: boolean,
  answer: JournalEntry['answer'] = 'A',
): JournalEntry => ({
  questionId,
  answer,
  seq,
  flagged: 0,
  acked,
});
const saved = (seq: number, answer: SavedAnswer['answer'] = 'A', flagged = 0): SavedAnswer => ({
  answer,
  seq,
  flagged,
});

describe('merging the server’s answers with the journal', () => {
  it('takes the higher seq per question; the journal’s newer answers stay unacked to be sent again', () => {
    const { entries, changed } = mergeAnswers({ q1: saved(3, 'A'), q2: saved(5, 'B'), q3: saved(2, 'C') }, [
      entry('q1', 4, false, 'D'),
      entry('q2', 2, true, 'X'),
      entry('q3', 2, false, 'C'),
      entry('q4', 1, false, 'E'),
    ]);
    // q1: the journal is newer (a change the server never got).
    expect(entries.get('q1')).toEqual(entry('q1', 4, false, 'D'));
    // q2: the server is newer (another device): the server's answer, confirmed.
    expect(entries.get('q2')).toEqual(entry('q2', 5, true, 'B'));
    // q3: same seq — the server has it: confirmed.
    expect(entries.get('q3')).toEqual(entry('q3', 2, true, 'C'));
    // q4: only in the journal.
    expect(entries.get('q4')).toEqual(entry('q4', 1, false, 'E'));
    expect(pendingSaves(entries).map((s) => s.questionId)).toEqual(['q1', 'q4']);
    // The journal is brought up to date where it differs (q2 from the server, q3 now confirmed).
    expect(changed.map((e) => e.questionId).sort()).toEqual(['q2', 'q3']);
  });

  it('never trusts an acked mark the server contradicts: a restored answer it lacks is unacked and re-sent', () => {
    // The journal says acked at seq 7, but the server only has seq 6 (or nothing): it must be sent again.
    const { entries, changed } = mergeAnswers({ q1: saved(6) }, [entry('q1', 7, true, 'B'), entry('q2', 3, true)]);
    expect(entries.get('q1')).toMatchObject({ seq: 7, acked: false, answer: 'B' });
    expect(entries.get('q2')).toMatchObject({ seq: 3, acked: false });
    expect(pendingSaves(entries)).toHaveLength(2);
    // Both are written back unacked, so the next reload sends them too if this one fails.
    expect(changed.map((e) => [e.questionId, e.acked])).toEqual([
      ['q1', false],
      ['q2', false],
    ]);
  });

  it('after a reload an unacked entry stays unacked until the server acknowledges it', () => {
    const first = mergeAnswers({}, [entry('q1', 2, false)]);
    expect(first.entries.get('q1')?.acked).toBe(false);
    // Reload again before any ack: still unacked.
    const second = mergeAnswers({}, [...first.entries.values()]);
    expect(second.entries.get('q1')?.acked).toBe(false);
    expect(pendingSaves(second.entries)).toEqual([{ questionId: 'q1', answer: 'A', seq: 2, flagged: 0 }]);
  });

  it('keeps the server’s flag', () => {
    const { entries } = mergeAnswers({ q1: saved(1, null, 1) }, []);
    expect(entries.get('q1')).toEqual({ questionId: 'q1', answer: null, seq: 1, flagged: 1, acked: true });
  });
});

describe('a change', () => {
  it('raises the seq by one, keeps what it does not change and is unacked', () => {
    const first = nextEntry(undefined, 'q1', { answer: 'A' });
    expect(first).toEqual({ questionId: 'q1', answer: 'A', seq: 1, flagged: 0, acked: false });
    const flagged = nextEntry({ ...first, acked: true }, 'q1', { flagged: 1 });
    expect(flagged).toEqual({ questionId: 'q1', answer: 'A', seq: 2, flagged: 1, acked: false });
    const cleared = nextEntry(flagged, 'q1', { answer: null });
    expect(cleared).toEqual({ questionId: 'q1', answer: null, seq: 3, flagged: 1, acked: false });
  });
});

describe('what an acknowledgement settles', () => {
  it('confirms only entries whose current seq the ack covers', () => {
    const entries = new Map([
      ['q1', entry('q1', 3, false)],
      ['q2', entry('q2', 5, false)],
      ['q3', entry('q3', 1, true)],
    ]);
    const settled = settleAck(entries, [
      { questionId: 'q1', seq: 3 },
      { questionId: 'q2', seq: 4 },
      { questionId: 'q3', seq: 1 },
      { questionId: 'unknown', seq: 9 },
    ]);
    expect(settled).toEqual([entry('q1', 3, true)]);
  });

  it('leaves a newer edit made while the save was in flight unacked, so it is sent next', () => {
    let entries = new Map([['q1', nextEntry(undefined, 'q1', { answer: 'A' })]]);
    const inFlight = pendingSaves(entries);
    expect(inFlight).toEqual([{ questionId: 'q1', answer: 'A', seq: 1, flagged: 0 }]);
    // The student changes the answer while the save is out.
    entries = new Map([['q1', nextEntry(entries.get('q1'), 'q1', { answer: 'B' })]]);
    // The ack for seq 1 arrives.
    expect(settleAck(entries, [{ questionId: 'q1', seq: 1 }])).toEqual([]);
    expect(pendingSaves(entries)).toEqual([{ questionId: 'q1', answer: 'B', seq: 2, flagged: 0 }]);
    // The next save's ack settles it.
    expect(settleAck(entries, [{ questionId: 'q1', seq: 2 }])).toEqual([entry('q1', 2, true, 'B')]);
  });

  it('takes the highest seq acknowledged for a question', () => {
    const entries = new Map([['q1', entry('q1', 2, false)]]);
    expect(
      settleAck(entries, [
        { questionId: 'q1', seq: 2 },
        { questionId: 'q1', seq: 1 },
      ]),
    ).toHaveLength(1);
  });
});

describe('the IndexedDB journal', () => {
  it('keeps entries per attempt across openings, replaces by question and clears one attempt', async () => {
    const factory = new IDBFactory();
    const journal = indexedDbJournal(factory);
    await journal.put('a1', [entry('q1', 1, false, 'A'), entry('q2', 1, false, ['x', 'y'])]);
    await journal.put('a1', [entry('q1', 2, true, 'B')]);
    await journal.put('a2', [entry('q1', 1, false, 'C')]);

    // A reload: a new journal on the same database.
    const again = indexedDbJournal(factory);
    const rows = await again.load('a1');
    expect(rows.sort((a, b) => a.questionId.localeCompare(b.questionId))).toEqual([
      entry('q1', 2, true, 'B'),
      entry('q2', 1, false, ['x', 'y']),
    ]);
    await again.clear('a1');
    expect(await again.load('a1')).toEqual([]);
    expect(await again.load('a2')).toEqual([entry('q1', 1, false, 'C')]);
  });

  it('applies writes in the order they were made', async () => {
    const journal = indexedDbJournal(new IDBFactory());
    await Promise.all([
      journal.put('a1', [entry('q1', 1, false)]),
      journal.put('a1', [entry('q1', 2, false)]),
      journal.put('a1', [entry('q1', 2, true)]),
    ]);
    expect(await journal.load('a1')).toEqual([entry('q1', 2, true)]);
  });

  it('drops old confirmed entries but never unconfirmed ones', async () => {
    const factory = new IDBFactory();
    let now = Date.parse('2025-01-01T00:00:00Z');
    await indexedDbJournal(factory, () => now).put('old', [entry('q1', 1, true), entry('q2', 1, false)]);
    now += 90 * 24 * 3600_000;
    const later = indexedDbJournal(factory, () => now);
    // Opening prunes in the background; a write after it is ordered behind the pruning.
    await later.put('other', [entry('q9', 1, false)]);
    expect(await later.load('old')).toEqual([entry('q2', 1, false)]);
  });
});

describe('the localStorage journal', () => {
  it('keeps and clears entries like the IndexedDB one', async () => {
    const journal = localStorageJournal(localStorage);
    await journal.put('a1', [entry('q1', 1, false)]);
    await journal.put('a1', [entry('q1', 2, true), entry('q2', 1, false)]);
    expect(await journal.load('a1')).toEqual([entry('q1', 2, true), entry('q2', 1, false)]);
    await journal.clear('a1');
    expect(await journal.load('a1')).toEqual([]);
  });
});
