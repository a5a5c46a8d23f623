import type { AnswerValue, ItemRecord, ItemSave, SavedAnswer } from '@shixun/contracts';

/**
 * A student's record of one item travels through the exam's journal and autosave (attempt/journal.ts, sync.ts:
 * zero loss, offline, retries) as a list of strings: [reading, check, note, ...evidence], a check as '1', '0' or '',
 * each evidence file as `name\nlink`. These two functions are the only place that knows the layout.
 */
export interface StudentEntry {
  value: string | null;
  passed: 0 | 1 | null;
  note: string;
  evidence: { name: string; link: string }[];
}

export function encodeEntry(e: StudentEntry): AnswerValue {
  return [
    e.value ?? '',
    e.passed === null ? '' : String(e.passed),
    e.note,
    ...e.evidence.map((f) => `${f.name}\n${f.link}`),
  ];
}

export function decodeEntry(answer: AnswerValue | undefined): StudentEntry {
  const list = Array.isArray(answer) ? answer : [];
  const [value = '', passed = '', note = '', ...files] = list;
  return {
    value: value.trim() ? value : null,
    passed: passed === '1' ? 1 : passed === '0' ? 0 : null,
    note,
    evidence: files.map((f) => {
      const [name = '', link = ''] = f.split('\n');
      return { name, link };
    }),
  };
}

/** The server's student fields of each item, as the journal starts from them. */
export function savedEntries(items: ItemRecord[]): Record<string, SavedAnswer> {
  return Object.fromEntries(
    items.map((r) => [
      r.inspectionId,
      {
        answer: encodeEntry({
          value: r.studentValue,
          passed: r.passed === null ? null : (r.passed as 0 | 1),
          note: r.note,
          evidence: r.evidence,
        }),
        seq: r.seq,
        flagged: 0,
      },
    ]),
  );
}

/** A journal entry as `submit_paper_answer` takes it. */
export function itemSave(inspectionId: string, answer: AnswerValue, seq: number): ItemSave {
  const e = decodeEntry(answer);
  return { inspectionId, value: e.value, passed: e.passed, note: e.note, evidence: e.evidence, seq };
}
