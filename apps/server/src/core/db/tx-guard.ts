import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * PGlite has one connection: a query on the root handle while a transaction is open on it waits for the transaction,
 * which waits for the query — the whole server hangs. On PostgreSQL the same mistake "works" but reads and writes
 * outside the transaction (other connection, uncommitted rows unseen, no rollback). Either way it is a bug, so the
 * root handle refuses to be used from code running inside a transaction, on both databases: that code must use the
 * transaction handle it was given.
 */
export class RootHandleInTransactionError extends Error {
  constructor(what: string) {
    super(
      `the root database handle was used (${what}) inside a transaction: use the transaction handle passed to this ` +
        'code (PGlite has one connection and would deadlock; PostgreSQL would work outside the transaction)',
    );
    this.name = 'RootHandleInTransactionError';
  }
}

/** The transaction the current async call chain runs inside; `open` turns false once it has ended. */
const current = new AsyncLocalStorage<{ open: boolean }>();

export function insideTransaction(): boolean {
  return current.getStore()?.open === true;
}

/**
 * The root handle every module receives. Outside transactions it is the plain drizzle handle; inside one, any use
 * of it throws RootHandleInTransactionError (work merely started there and still running after the commit may use
 * it again).
 */
export function guardRootHandle(db: Db): Db {
  const transaction: Db['transaction'] = (run, config) =>
    db.transaction(async (tx) => {
      const frame = { open: true };
      try {
        return await current.run(frame, () => run(tx));
      } finally {
        frame.open = false;
      }
    }, config);

  return new Proxy(db, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && insideTransaction()) throw new RootHandleInTransactionError(prop);
      return prop === 'transaction' ? transaction : Reflect.get(target, prop, receiver);
    },
  });
}
