import { describe, expect, it } from 'vitest';
import { param } from '../../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { type AnyResourceDef, mapUniqueViolation } from './resource.ts';

const def = {
  table: param,
  unique: [{ fields: ['paramKey'], message: 'param.paramKey.taken' }],
  constraintMessages: { sys_dict_item_key_uq: 'dict.dictKey.taken' },
} as unknown as AnyResourceDef;

/** What drizzle throws: its own error with the driver's in `cause` (the same for pg and PGlite). */
const violation = (constraint: string) => ({ message: 'Failed query', cause: { code: '23505', constraint } });

function keyOf(e: unknown): string {
  try {
    mapUniqueViolation(def, e);
  } catch (thrown) {
    return thrown instanceof AppError ? `${thrown.status} ${thrown.key}` : 'rethrown';
  }
  return 'returned';
}

describe('a unique index violation the checks raced with', () => {
  it('answers with the message declared for that index, else the first unique rule', () => {
    expect(keyOf(violation('sys_dict_item_key_uq'))).toBe('400 dict.dictKey.taken');
    expect(keyOf(violation('sys_param_key_uq'))).toBe('400 param.paramKey.taken');
  });

  it('passes any other error on untouched', () => {
    expect(keyOf({ cause: { code: '23503', constraint: 'fk' } })).toBe('rethrown');
    expect(keyOf(new Error('boom'))).toBe('rethrown');
  });
});
