import { describe, expect, it } from 'vitest';
import { dictChildFormSchema, dictFormSchema, dictParentFormSchema } from './dict.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('dictionary forms (SPEC §5)', () => {
  it('parent form: code, name, sort and sealed are required, in that order', () => {
    expect(firstMessage(dictParentFormSchema.safeParse({}))).toBe('dict.code.required');
    expect(firstMessage(dictParentFormSchema.safeParse({ code: 'c' }))).toBe('dict.dictValue.required');
    expect(firstMessage(dictParentFormSchema.safeParse({ code: 'c', dictValue: 'v' }))).toBe('dict.sort.required');
    expect(firstMessage(dictParentFormSchema.safeParse({ code: 'c', dictValue: 'v', sort: 1 }))).toBe(
      'dict.isSealed.required',
    );
    expect(dictParentFormSchema.parse({ code: 'c', dictValue: 'v', sort: 1, isSealed: 0 })).toEqual({
      code: 'c',
      dictValue: 'v',
      sort: 1,
      isSealed: 0,
    });
  });

  it('child form also needs a key', () => {
    expect(firstMessage(dictChildFormSchema.safeParse({ code: 'c', dictValue: 'v', sort: 1 }))).toBe(
      'dict.dictKey.required',
    );
  });

  it('a cleared number input is "not entered", not 0; sealed is 0 or 1', () => {
    expect(firstMessage(dictFormSchema.safeParse({ code: 'c', dictValue: 'v', sort: null }))).toBe(
      'dict.sort.required',
    );
    expect(firstMessage(dictFormSchema.safeParse({ code: 'c', dictValue: 'v', sort: '' }))).toBe('dict.sort.required');
    expect(firstMessage(dictFormSchema.safeParse({ code: 'c', dictValue: 'v', sort: 1, isSealed: 2 }))).toBe(
      'dict.isSealed.required',
    );
    expect(dictFormSchema.parse({ code: 'c', dictValue: 'v', sort: '3' }).sort).toBe(3);
  });

  it('adds nothing that was not sent, so a partial update keeps the other fields', () => {
    expect(dictFormSchema.partial().parse({ dictValue: 'new' })).toEqual({ dictValue: 'new' });
    expect(dictFormSchema.parse({ code: 'c', dictValue: 'v', sort: 1 })).not.toHaveProperty('isSealed');
  });
});
