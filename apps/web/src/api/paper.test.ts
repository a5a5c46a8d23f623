import { LIB_ACCESS } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { paperRights } from './paper.ts';

describe('what the paper list offers for each access', () => {
  it('lets edit-sharers compose but leaves publishing, sharing and deleting to owners and administrators', () => {
    const table = Object.fromEntries(LIB_ACCESS.map((a) => [a, paperRights(a)]));
    expect(table).toEqual({
      own: { change: true, manage: true, quote: false },
      admin: { change: true, manage: true, quote: true },
      edit: { change: true, manage: false, quote: true },
      read: { change: false, manage: false, quote: true },
      public: { change: false, manage: false, quote: true },
    });
    expect(paperRights(undefined)).toEqual({ change: false, manage: false, quote: false });
  });
});
