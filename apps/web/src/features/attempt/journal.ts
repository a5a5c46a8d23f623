import type { AnswerSave, AnswerValue, SaveAck, SavedAnswer } from '@shixun/contracts';

/**
 * The answer journal: every answer a student gives is written here, on their own device, before it is sent. An
 * entry stays `acked: false` until the server has acknowledged its `seq` (or a later one), so a reload, a crash, a
 * dead network or a second device never loses an answer: whatever the server has not confirmed is sent again.
 */
export interface JournalEntry {
  /** The paper_teacher_question id. */
  questionId: string;
  answer: AnswerValue;
  /** This question's change counter: each change adds one; the server keeps the highest it has seen. */
  seq: number;
  flagged: 0 | 1;
  /** The server has confirmed this seq. */
  acked: boolean;
}

/** Where the entries of one attempt live (IndexedDB in the browser; a map in tests). */
export interface Journal {
  load(attemptId: string): Promise<JournalEntry[]>;
  /** Writes entries (replacing those of the same questions); writes are applied in the order they are called. */
  put(attemptId: string, entries: JournalEntry[]): Promise<void>;
  /** Forgets an attempt (after it was handed in). */
  clear(attemptId: string): Promise<void>;
}

// ── Pure rules ──

/**
 * On load: the server's answers and the journal's, question by question — the higher seq wins. A journal entry newer
 * than the server's stays unacked (even if it was once marked acked: the server does not have it), and is sent
 * again; anything the server holds at the same or a higher seq is confirmed. `changed` are the entries the journal
 * must be brought up to date with.
 */
export function mergeAnswers(
  server: Record<string, SavedAnswer>,
  stored: JournalEntry[],
): { entries: Map<string, JournalEntry>; changed: JournalEntry[] } {
  const entries = new Map<string, JournalEntry>();
  const changed: JournalEntry[] = [];
  const local = new Map(stored.map((e) => [e.questionId, e]));
  for (const [questionId, saved] of Object.entries(server)) {
    const mine = local.get(questionId);
    if (mine && mine.seq > saved.seq) continue;
    const entry: JournalEntry = {
      questionId,
      answer: saved.answer,
      seq: saved.seq,
      flagged: saved.flagged ? 1 : 0,
      acked: true,
    };
    entries.set(questionId, entry);
    if (!mine?.acked || mine.seq !== saved.seq) changed.push(entry);
  }
  for (const mine of stored) {
    if (entries.has(mine.questionId)) continue;
    const entry = { ...mine, acked: false };
    entries.set(mine.questionId, entry);
    if (mine.acked) changed.push(entry);
  }
  return { entries, changed };
}

/** A change to one question: its seq goes up by one and it is unacked until the server confirms the new seq. */
export function nextEntry(
  previous: JournalEntry | undefined,
  questionId: string,
  change: { answer?: AnswerValue; flagged?: 0 | 1 },
): JournalEntry {
  return {
    questionId,
    answer: change.answer !== undefined ? change.answer : (previous?.answer ?? null),
    flagged: change.flagged ?? previous?.flagged ?? 0,
    seq: (previous?.seq ?? 0) + 1,
    acked: false,
  };
}

/** What still has to reach the server. */
export function pendingSaves(entries: ReadonlyMap<string, JournalEntry>): AnswerSave[] {
  const out: AnswerSave[] = [];
  for (const e of entries.values())
    if (!e.acked) out.push({ questionId: e.questionId, answer: e.answer, seq: e.seq, flagged: e.flagged });
  return out;
}

/**
 * The entries an acknowledgement settles, marked acked: only those whose current seq the ack covers. An answer
 * changed again while its save was in flight has a higher seq than the one acknowledged, so it stays unacked and
 * is sent with the next save.
 */
export function settleAck(entries: ReadonlyMap<string, JournalEntry>, acked: SaveAck['acked']): JournalEntry[] {
  const best = new Map<string, number>();
  for (const a of acked) best.set(a.questionId, Math.max(best.get(a.questionId) ?? 0, a.seq));
  const out: JournalEntry[] = [];
  for (const [questionId, seq] of best) {
    const entry = entries.get(questionId);
    if (entry && !entry.acked && seq >= entry.seq) out.push({ ...entry, acked: true });
  }
  return out;
}

// ── Storage ──

const DB_NAME = 'shixun-exam';
const STORE = 'answers';
const BY_ATTEMPT = 'attemptId';
/** Confirmed entries of attempts nobody opened for this long are dropped (the server has them). */
const KEEP_MS = 60 * 24 * 3600_000;

interface Row extends JournalEntry {
  attemptId: string;
  savedAt: number;
}

const done = (request: IDBRequest) =>
  new Promise<void>((resolve, reject) => {
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: ['attemptId', 'questionId'] });
      store.createIndex(BY_ATTEMPT, 'attemptId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, this one reopens on its next call.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked'));
  });
}

/** Drops old confirmed entries, once per page load; a failure here changes nothing. */
async function prune(db: IDBDatabase, now: number): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const request = tx.objectStore(STORE).openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    const row = cursor.value as Row;
    if (row.acked && now - row.savedAt > KEEP_MS) cursor.delete();
    cursor.continue();
  };
  await committed(tx);
}

/** The journal in IndexedDB (the plain API: nothing to download, works offline, survives reloads and crashes). */
export function indexedDbJournal(factory: IDBFactory = indexedDB, now: () => number = Date.now): Journal {
  let opening: Promise<IDBDatabase> | undefined;
  const db = async () => {
    opening ??= openDb(factory).then((handle) => {
      handle.onclose = () => {
        opening = undefined;
      };
      void prune(handle, now()).catch(() => undefined);
      return handle;
    });
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  return {
    async load(attemptId) {
      const tx = (await db()).transaction(STORE, 'readonly');
      const request = tx.objectStore(STORE).index(BY_ATTEMPT).getAll(attemptId);
      await done(request);
      return (request.result as Row[]).map(({ questionId, answer, seq, flagged, acked }) => ({
        questionId,
        answer,
        seq,
        flagged,
        acked,
      }));
    },
    async put(attemptId, entries) {
      if (!entries.length) return;
      const tx = (await db()).transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const savedAt = now();
      for (const e of entries) store.put({ ...e, attemptId, savedAt } satisfies Row);
      await committed(tx);
    },
    async clear(attemptId) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const keys = store.index(BY_ATTEMPT).getAllKeys(attemptId);
      keys.onsuccess = () => {
        for (const key of keys.result) store.delete(key);
      };
      await committed(tx);
    },
  };
}

/** Where IndexedDB is refused (some private windows): the same journal in localStorage. */
export function localStorageJournal(storage: Storage = localStorage): Journal {
  const key = (attemptId: string) => `shixun-exam-journal:${attemptId}`;
  const read = (attemptId: string): JournalEntry[] => {
    try {
      const parsed = JSON.parse(storage.getItem(key(attemptId)) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as JournalEntry[]) : [];
    } catch {
      return [];
    }
  };
  return {
    load: async (attemptId) => read(attemptId),
    put: async (attemptId, entries) => {
      if (!entries.length) return;
      const all = new Map(read(attemptId).map((e) => [e.questionId, e]));
      for (const e of entries) all.set(e.questionId, e);
      storage.setItem(key(attemptId), JSON.stringify([...all.values()]));
    },
    clear: async (attemptId) => storage.removeItem(key(attemptId)),
  };
}

/** A journal that only lives as long as the page (the last resort; tests). */
export function memoryJournal(): Journal & { rows: Map<string, Map<string, JournalEntry>> } {
  const rows = new Map<string, Map<string, JournalEntry>>();
  return {
    rows,
    load: async (attemptId) => [...(rows.get(attemptId)?.values() ?? [])].map((e) => ({ ...e })),
    put: async (attemptId, entries) => {
      const mine = rows.get(attemptId) ?? new Map<string, JournalEntry>();
      for (const e of entries) mine.set(e.questionId, { ...e });
      rows.set(attemptId, mine);
    },
    clear: async (attemptId) => {
      rows.delete(attemptId);
    },
  };
}

/**
 * The device's journal: IndexedDB, else localStorage, else memory. Each call tries the better store first and
 * falls back only when it fails, so a browser that refuses IndexedDB still keeps answers across a reload.
 */
export function deviceJournal(): Journal {
  const stores: Journal[] = [];
  if (typeof indexedDB !== 'undefined') stores.push(indexedDbJournal());
  try {
    if (typeof localStorage !== 'undefined') stores.push(localStorageJournal());
  } catch {
    // Storage denied: memory below.
  }
  stores.push(memoryJournal());
  let working = 0;
  const attempt = async <T>(call: (j: Journal) => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await call(stores[working]!);
      } catch (error) {
        if (working >= stores.length - 1) throw error;
        working++;
      }
    }
  };
  return {
    load: (attemptId) => attempt((j) => j.load(attemptId)),
    put: (attemptId, entries) => attempt((j) => j.put(attemptId, entries)),
    clear: (attemptId) => attempt((j) => j.clear(attemptId)),
  };
}

let device: Journal | undefined;
/** This device's journal, shared by every page of the exam (one open database). */
export function examJournal(): Journal {
  device ??= deviceJournal();
  return device;
}
