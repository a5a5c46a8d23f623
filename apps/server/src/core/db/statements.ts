import { is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { insideTransaction, RootHandleInTransactionError } from './tx-guard.ts';

/**
 * A statement built once per database handle and run with placeholders (`sql.placeholder`), for the few calls that
 * every student of an exam makes at once (ARCHITECTURE §9): drizzle otherwise builds a statement's SQL on every run,
 * which for a two-table row costs more than the database takes to answer it. Kept per handle, so a transaction's
 * statements run on that transaction (PGlite has one connection); on the root handle it is built once and, on
 * PostgreSQL, parsed once per connection under its name.
 *
 * @example const byId = prepared((db) => db.select().from(t).where(eq(t.id, sql.placeholder('id'))).prepare('t_by_id'));
 *          const rows = await byId(db).execute({ id });
 */
export function prepared<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    // The root handle's guard (tx-guard.ts) sees only the first build: kept statements are checked here.
    if (insideTransaction() && !is(db, PgTransaction)) throw new RootHandleInTransactionError('a prepared statement');
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** The rows of a statement written out in SQL (`db.execute`), which both drivers answer as `{ rows }`. */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
