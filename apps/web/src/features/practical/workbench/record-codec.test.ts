import type { ItemRecord } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry, itemSave, savedEntries } from './record-codec.ts';

describe('a practical record through the exam journal', () => {
  it('round-trips a reading, a check, a note and evidence', () => {
    const entry = {
      value: '24.99',
      passed: 1 as const,
      note: '两端各测一次',
      evidence: [{ name: '照片 1.jpg', link: '/upload/a.jpg' }],
    };
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
    expect(decodeEntry(encodeEntry({ value: null, passed: null, note: '', evidence: [] }))).toEqual({
      value: null,
      passed: null,
      note: '',
      evidence: [],
    });
    expect(decodeEntry(undefined).value).toBeNull();
  });

  it('starts from the server’s student fields and saves what the journal holds', () => {
    const record: ItemRecord = {
      inspectionId: 'i1',
      studentValue: '25.00',
      teacherValue: '24.99',
      passed: null,
      teacherPassed: null,
      note: '',
      evidence: [],
      seq: 3,
    };
    const saved = savedEntries([record]);
    expect(saved.i1!.seq).toBe(3);
    expect(itemSave('i1', saved.i1!.answer, 4)).toEqual({
      inspectionId: 'i1',
      value: '25.00',
      passed: null,
      note: '',
      evidence: [],
      seq: 4,
    });
  });
});
