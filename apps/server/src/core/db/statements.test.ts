import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Db } from './client.ts';
import { newId } from './ids.ts';
import { prepared } from './statements.ts';
import { RootHandleInTransactionError } from './tx-guard.ts';

// On both databases, as the guard: a kept statement must never run on the root handle inside a transaction.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let builds = 0;
const byKey = prepared((db: Db) => {
  builds++;
  return db
    .select({ value: param.paramValue })
    .from(param)
    .where(eq(param.paramKey, sql.placeholder('key')))
    .prepare('test_param_by_key');
});
const row = (key: string, value: string) => ({ id: newId(), paramName: key, paramKey: key, paramValue: value });

describe('prepared statements', () => {
  it('are built once for the root handle and run with each call’s values', async () => {
    const [a, b] = [`prepared.${newId()}`, `prepared.${newId()}`];
    await t.db.insert(param).values([row(a, 'A'), row(b, 'B')]);
    const before = builds;
    expect(await byKey(t.db).execute({ key: a })).toEqual([{ value: 'A' }]);
    expect(await byKey(t.db).execute({ key: b })).toEqual([{ value: 'B' }]);
    expect(await byKey(t.db).execute({ key: 'prepared.none' })).toEqual([]);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it('run on a transaction’s own handle (its uncommitted rows), and refuse the root handle inside one', async () => {
    const key = `prepared.${newId()}`;
    await t.db.transaction(async (tx) => {
      await tx.insert(param).values(row(key, 'in tx'));
      expect(await byKey(tx).execute({ key })).toEqual([{ value: 'in tx' }]);
      expect(() => byKey(t.db)).toThrow(RootHandleInTransactionError);
    });
    expect(await byKey(t.db).execute({ key })).toEqual([{ value: 'in tx' }]);
  });
});
