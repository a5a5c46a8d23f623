import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { newId } from './ids.ts';
import { RootHandleInTransactionError } from './tx-guard.ts';

// Runs on whichever database the suite runs on (PostgreSQL with TEST_DATABASE_URL, else PGlite): the guard must
// refuse on both, so that the PostgreSQL run catches what would hang the embedded default.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const row = (key: string) => ({ id: newId(), paramName: key, paramKey: key, paramValue: 'v' });

describe('the root handle inside a transaction', () => {
  it('refuses a query on the root handle inside a transaction, and the transaction rolls back', async () => {
    const key = `guard.${newId()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(param).values(row(key));
        await t.db.select().from(param).where(eq(param.paramKey, key));
      }),
    ).rejects.toBeInstanceOf(RootHandleInTransactionError);
    expect(await t.db.select().from(param).where(eq(param.paramKey, key))).toEqual([]);
  });

  it('refuses a nested transaction on the root handle and a use deep in called code', async () => {
    const deep = async () => {
      await Promise.resolve();
      return t.db.execute(sql`select 1`);
    };
    await expect(t.db.transaction(async () => t.db.transaction(async () => {}))).rejects.toBeInstanceOf(
      RootHandleInTransactionError,
    );
    await expect(t.db.transaction(async () => deep())).rejects.toThrow(/use the transaction handle/);
  });

  it('lets the transaction handle work, and the root handle again once the transaction has ended', async () => {
    const key = `guard.${newId()}`;
    let later: Promise<unknown> | undefined;
    let ended!: () => void;
    const committed = new Promise<void>((resolve) => {
      ended = resolve;
    });
    await t.db.transaction(async (tx) => {
      await tx.insert(param).values(row(key));
      expect(await tx.select().from(param).where(eq(param.paramKey, key))).toHaveLength(1);
      // Started inside, runs after the commit (however long a busy machine takes to commit): the root handle is
      // fine again by then.
      later = committed.then(() => t.db.select().from(param).where(eq(param.paramKey, key)));
    });
    ended();
    expect(await later).toHaveLength(1);
  });

  it('does not touch other requests running while a transaction is open', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = t.db.transaction(async (inner) => {
      await inner.execute(sql`select 1`);
      await held;
    });
    // Another call chain may queue on the root handle (PGlite: it waits for the transaction; PostgreSQL: another
    // connection) without being refused.
    const other = t.db.execute(sql`select 1`);
    release();
    await tx;
    await expect(other).resolves.toBeDefined();
  });
});
