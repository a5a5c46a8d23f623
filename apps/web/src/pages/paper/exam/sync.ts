import type { AnswerSave, AnswerValue, SaveAck, SavedAnswer } from '@shixun/contracts';
import { type Journal, type JournalEntry, mergeAnswers, nextEntry, pendingSaves, settleAck } from './journal.ts';

/** Why the last save did not arrive: the network (sent again later), or the server refused it (time up, handed in). */
export type SaveFailure = { kind: 'network' } | { kind: 'refused'; message: string };

export interface SyncState {
  ready: boolean;
  /** Every answered or flagged question's latest entry. A new map after each change. */
  entries: ReadonlyMap<string, JournalEntry>;
  /** Entries the server has not confirmed yet. */
  unacked: number;
  sending: boolean;
  failure: SaveFailure | null;
  /** The device's time of the last acknowledgement. */
  savedAt: number | null;
  /** Saving stopped for good: the server refused (time up, already handed in) or the paper is being handed in. */
  stopped: boolean;
}

export interface SyncOptions {
  attemptId: string;
  journal: Journal;
  /** One save call: answers with their seq, acknowledged by the server once committed. */
  send: (answers: AnswerSave[]) => Promise<SaveAck>;
  /** Tells a network failure (try again) from a refusal (stop). */
  classify: (error: unknown) => SaveFailure;
  /** Every acknowledgement, with the device's times around its request (the clock follows the server's). */
  onAck?: (ack: SaveAck, sentAt: number, receivedAt: number) => void;
  isOnline?: () => boolean;
  /** Quiet time after a change before it is sent. */
  debounceMs?: number;
  /** How often unconfirmed answers are sent again. */
  retryMs?: number;
  now?: () => number;
}

/**
 * Autosave with zero answer loss. Each change is written to the journal (unacked, its seq one higher) and sent after
 * a short pause, or at once when asked (`flush`: leaving the page, checking an answer, handing in). One save is in
 * flight at a time; an entry is confirmed only when an ack covers its seq. Unconfirmed entries are sent again every
 * `retryMs`, when the network comes back and after a reload (`start` merges the server's answers with the journal).
 */
export class AnswerSync {
  private state: SyncState = {
    ready: false,
    entries: new Map(),
    unacked: 0,
    sending: false,
    failure: null,
    savedAt: null,
    stopped: false,
  };
  private readonly listeners = new Set<() => void>();
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private paused = false;
  private disposed = false;
  private readonly o: Required<Omit<SyncOptions, 'onAck'>> & Pick<SyncOptions, 'onAck'>;

  constructor(options: SyncOptions) {
    this.o = {
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
      debounceMs: 800,
      retryMs: 15_000,
      now: Date.now,
      ...options,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SyncState => this.state;

  private set(patch: Partial<SyncState>): void {
    const next = { ...this.state, ...patch };
    if (patch.entries) next.unacked = [...patch.entries.values()].filter((e) => !e.acked).length;
    this.state = next;
    for (const l of this.listeners) l();
  }

  /** Loads the journal, merges it with the server's answers (the higher seq wins) and sends what the server lacks. */
  async start(server: Record<string, SavedAnswer>): Promise<void> {
    const stored = await this.o.journal.load(this.o.attemptId).catch(() => [] as JournalEntry[]);
    if (this.disposed) return;
    const { entries, changed } = mergeAnswers(server, stored);
    // Answers given while the journal was loading are newer than both: numbered on top of the merged seq.
    for (const [id, e] of this.state.entries) {
      const early = { ...e, seq: (entries.get(id)?.seq ?? 0) + e.seq };
      entries.set(id, early);
      changed.push(early);
    }
    void this.o.journal.put(this.o.attemptId, changed).catch(() => undefined);
    this.set({ entries, ready: true });
    this.retry = setInterval(() => {
      if (this.state.unacked > 0) void this.flush();
    }, this.o.retryMs);
    if (this.state.unacked > 0) void this.flush();
  }

  /** Entries the server has not confirmed, as the save and submit calls take them. */
  pending(): AnswerSave[] {
    return pendingSaves(this.state.entries);
  }

  isAcked(questionId: string): boolean {
    return this.state.entries.get(questionId)?.acked ?? true;
  }

  /** The student changed an answer or a flag: journal first, then a save after the pause. */
  change(questionId: string, change: { answer?: AnswerValue; flagged?: 0 | 1 }): void {
    if (this.disposed || this.state.stopped) return;
    const entry = nextEntry(this.state.entries.get(questionId), questionId, change);
    const entries = new Map(this.state.entries);
    entries.set(questionId, entry);
    this.set({ entries });
    void this.o.journal.put(this.o.attemptId, [entry]).catch(() => undefined);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.flush(), this.o.debounceMs);
  }

  /**
   * Sends every unconfirmed entry now; resolves when a save that carried all of them has returned (or failed). A
   * call while a save is in flight makes that run go round again for what changed meanwhile.
   */
  flush(): Promise<void> {
    clearTimeout(this.debounce);
    if (!this.state.ready || this.disposed || this.paused || this.state.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** An empty save: refreshes the clock and the end time, and finds out whether the attempt still takes answers. */
  ping(): Promise<void> {
    if (this.state.unacked > 0) return this.flush();
    if (!this.state.ready || this.disposed || this.paused || this.state.stopped || this.inFlight || !this.o.isOnline())
      return Promise.resolve();
    this.inFlight = this.sendOnce([])
      .then(() => undefined)
      .finally(() => {
        this.inFlight = null;
        // An answer given while the ping was out.
        if (this.again) void this.flush();
      });
    return this.inFlight;
  }

  private async run(): Promise<void> {
    for (;;) {
      this.again = false;
      const batch = this.pending();
      if (!batch.length) return;
      if (!(await this.sendOnce(batch))) return;
      if (!this.again || this.disposed || this.paused || this.state.stopped) return;
    }
  }

  /** One save; true when it was acknowledged. */
  private async sendOnce(batch: AnswerSave[]): Promise<boolean> {
    if (!this.o.isOnline()) {
      this.set({ failure: { kind: 'network' } });
      return false;
    }
    this.set({ sending: true });
    const sentAt = this.o.now();
    try {
      const ack = await this.o.send(batch);
      if (this.disposed) return false;
      this.o.onAck?.(ack, sentAt, this.o.now());
      const settled = settleAck(this.state.entries, ack.acked);
      const entries = new Map(this.state.entries);
      for (const e of settled) entries.set(e.questionId, e);
      void this.o.journal.put(this.o.attemptId, settled).catch(() => undefined);
      this.set({ entries, sending: false, failure: null, savedAt: this.o.now() });
      return true;
    } catch (error) {
      if (this.disposed) return false;
      const failure = this.o.classify(error);
      this.set({ sending: false, failure, ...(failure.kind === 'refused' ? { stopped: true } : {}) });
      return false;
    }
  }

  /** Stops saving while the paper is handed in (a save after the submission would be refused); `resume` undoes it. */
  async pause(): Promise<void> {
    this.paused = true;
    clearTimeout(this.debounce);
    await this.inFlight?.catch(() => undefined);
  }

  resume(): void {
    this.paused = false;
    if (this.state.unacked > 0) void this.flush();
  }

  /** After the hand-in: nothing more is sent and the attempt's journal is emptied. */
  async finish(): Promise<void> {
    this.set({ stopped: true });
    this.dispose();
    await this.o.journal.clear(this.o.attemptId).catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.debounce);
    clearInterval(this.retry);
  }
}

/** An answer worth counting as given: a non-empty text, or a list with something in it. */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  return answer.some((a) => a.trim() !== '');
}
