import {
  type AnswerSave,
  type AnswerValue,
  answerTooLong,
  SAVE_BATCH_BYTES,
  type SaveAck,
  type SavedAnswer,
} from '@shixun/contracts';
import { type Journal, type JournalEntry, mergeAnswers, nextEntry, pendingSaves, settleAck } from './journal.ts';

/**
 * Why the last save did not arrive. `network`: no answer (offline, a timeout, the server's own trouble) — sent again
 * with growing pauses, or at once when something else asks. `delayed`: the server asked to wait (429 too many saves,
 * 503 briefly unavailable) — nothing is sent before its Retry-After (or the pause) is over. `tooLarge`: 413, a save
 * over a size limit — its answers are sent one by one, and one refused alone is held back until it changes.
 * `refused`: time up or handed in — saving stops. In every case but the last the answers stay in the journal.
 */
export type SaveFailure =
  | { kind: 'network' }
  | { kind: 'delayed'; retryAfter?: number }
  | { kind: 'tooLarge' }
  | { kind: 'refused'; message: string };

/** The first pause after a failure; each further failure doubles it, up to the most (the old fixed retry period). */
export const FIRST_PAUSE_MS = 1000;
export const LONGEST_PAUSE_MS = 15_000;
/** Added at random to a Retry-After, so that a classroom told to wait does not come back in the same instant. */
const RETRY_AFTER_SPREAD_MS = 1000;

/** How long to wait after the `failures`-th failure in a row: the server's Retry-After, else a jittered doubling. */
export function pauseMs(failures: number, retryAfter: number | undefined, random: () => number): number {
  if (retryAfter !== undefined) return retryAfter * 1000 + random() * RETRY_AFTER_SPREAD_MS;
  const ceiling = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}

const encoder = new TextEncoder();
const bytesOf = (save: AnswerSave) => encoder.encode(JSON.stringify(save)).length;

/** The first saves of a backlog that fit one request (always at least one). */
export function firstBatch(saves: AnswerSave[], maxBytes = SAVE_BATCH_BYTES): AnswerSave[] {
  let bytes = 0;
  let n = 0;
  while (n < saves.length) {
    bytes += bytesOf(saves[n]!);
    if (n > 0 && bytes > maxBytes) break;
    n++;
  }
  return saves.slice(0, n);
}

export interface SyncState {
  ready: boolean;
  /** Every answered or flagged question's latest entry. A new map after each change. */
  entries: ReadonlyMap<string, JournalEntry>;
  /** Entries the server has not confirmed yet. */
  unacked: number;
  /** Questions whose answer is over a size limit: held back (not sent) until the student changes it. */
  tooLong: readonly string[];
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
  /** How often unconfirmed answers are sent again (besides the pauses after a failure). */
  retryMs?: number;
  now?: () => number;
  /** The jitter of the pauses (tests fix it). */
  random?: () => number;
}

/**
 * Autosave with zero answer loss. Each change is written to the journal (unacked, its seq one higher) and sent after
 * a short pause, or at once when asked (`flush`: leaving the page, checking an answer, handing in). One save is in
 * flight at a time, of at most SAVE_BATCH_BYTES (a longer backlog goes in several); an entry is confirmed only when
 * an ack covers its seq. Unconfirmed entries are sent again after a failure (see SaveFailure for how soon), every
 * `retryMs`, when the network comes back and after a reload (`start` merges the server's answers with the journal).
 */
export class AnswerSync {
  private state: SyncState = {
    ready: false,
    entries: new Map(),
    unacked: 0,
    tooLong: [],
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
  /** Failures in a row, for the pause before the next try; and the pause's timer. */
  private failures = 0;
  private backoff: ReturnType<typeof setTimeout> | undefined;
  /** Until when the server asked not to be sent anything (429/503). */
  private notBefore = 0;
  /** After a 413 on several answers: one answer a save until the backlog is through, to find the one too large. */
  private oneByOne = false;
  /** The seq of each question the server refused alone as too large. */
  private readonly refusedSeq = new Map<string, number>();
  private readonly o: Required<Omit<SyncOptions, 'onAck'>> & Pick<SyncOptions, 'onAck'>;

  constructor(options: SyncOptions) {
    this.o = {
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
      debounceMs: 800,
      retryMs: 15_000,
      now: Date.now,
      random: Math.random,
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
    if (patch.entries) {
      const unacked = [...patch.entries.values()].filter((e) => !e.acked);
      next.unacked = unacked.length;
      next.tooLong = unacked.filter((e) => this.held(e)).map((e) => e.questionId);
    }
    this.state = next;
    for (const l of this.listeners) l();
  }

  /** An answer the server would refuse as it is: over the shared limits, or refused alone at this seq. */
  private held(e: JournalEntry): boolean {
    return this.refusedSeq.get(e.questionId) === e.seq || answerTooLong(e.answer);
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

  /** Entries the server has not confirmed, as the save and submit calls take them (not those held back). */
  pending(): AnswerSave[] {
    const held = new Set(this.state.tooLong);
    return pendingSaves(this.state.entries).filter((s) => !held.has(s.questionId));
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
    if (!this.state.ready || this.disposed || this.paused || this.state.stopped || this.waiting())
      return Promise.resolve();
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
    if (this.pending().length > 0) return this.flush();
    if (
      !this.state.ready ||
      this.disposed ||
      this.paused ||
      this.state.stopped ||
      this.inFlight ||
      this.waiting() ||
      !this.o.isOnline()
    )
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

  /** The server asked to wait (429/503) and the time is not up. */
  private waiting(): boolean {
    return this.o.now() < this.notBefore;
  }

  private async run(): Promise<void> {
    for (;;) {
      this.again = false;
      const pending = this.pending();
      if (!pending.length) {
        this.oneByOne = false;
        return;
      }
      const batch = this.oneByOne ? pending.slice(0, 1) : firstBatch(pending);
      const outcome = await this.sendOnce(batch);
      if (outcome === 'failed' || this.disposed || this.paused || this.state.stopped) return;
      // Acked with more of the backlog left, or a 413 sorted out: go on at once; else only if asked meanwhile.
      if (outcome === 'acked' && batch.length === pending.length && !this.again) return;
    }
  }

  /** One save: acknowledged, failed (sent again later, or never: refused), or a 413 sorted out (go on). */
  private async sendOnce(batch: AnswerSave[]): Promise<'acked' | 'failed' | 'split'> {
    if (!this.o.isOnline()) {
      this.failed({ kind: 'network' });
      return 'failed';
    }
    this.set({ sending: true });
    const sentAt = this.o.now();
    try {
      const ack = await this.o.send(batch);
      if (this.disposed) return 'failed';
      this.o.onAck?.(ack, sentAt, this.o.now());
      const settled = settleAck(this.state.entries, ack.acked);
      const entries = new Map(this.state.entries);
      for (const e of settled) entries.set(e.questionId, e);
      void this.o.journal.put(this.o.attemptId, settled).catch(() => undefined);
      this.failures = 0;
      this.set({ entries, sending: false, failure: null, savedAt: this.o.now() });
      return 'acked';
    } catch (error) {
      if (this.disposed) return 'failed';
      const failure = this.o.classify(error);
      if (failure.kind !== 'tooLarge') {
        this.failed(failure);
        return 'failed';
      }
      // Several answers: one by one, to find the one too large. One alone: held back until it changes.
      if (batch.length > 1) this.oneByOne = true;
      else if (batch[0]) this.refusedSeq.set(batch[0].questionId, batch[0].seq);
      this.set({ entries: this.state.entries, sending: false, failure });
      return 'split';
    }
  }

  /** Records a failure; unless it was final, the next try is due after a pause. */
  private failed(failure: SaveFailure): void {
    this.set({ sending: false, failure, ...(failure.kind === 'refused' ? { stopped: true } : {}) });
    if (failure.kind === 'refused') return;
    this.failures++;
    const wait = pauseMs(this.failures, failure.kind === 'delayed' ? failure.retryAfter : undefined, this.o.random);
    if (failure.kind === 'delayed') this.notBefore = this.o.now() + wait;
    clearTimeout(this.backoff);
    this.backoff = setTimeout(() => {
      this.notBefore = 0;
      void this.flush();
    }, wait);
  }

  /** Stops saving while the paper is handed in (a save after the submission would be refused); `resume` undoes it. */
  async pause(): Promise<void> {
    // The hand-in carries what is unconfirmed in one request: a backlog too large for one is saved first.
    const pending = this.pending();
    if (firstBatch(pending).length < pending.length) await this.flush();
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
    clearTimeout(this.backoff);
    clearInterval(this.retry);
  }
}
