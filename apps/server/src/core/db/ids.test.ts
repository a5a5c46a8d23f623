import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes distinct, increasing decimal strings that fit in a signed 64-bit integer', () => {
    const ids = Array.from({ length: 20000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    expect(BigInt(ids.at(-1)!) < 2n ** 63n).toBe(true);
    expect(ids[0]).toMatch(/^\d{16,19}$/);
  });
});
