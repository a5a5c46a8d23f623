import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The advisory lock instances take turns under while they bring a schema up to date (migrations, then the seed's
 * first-start work). Two keys: a fixed one for Shixun and the schema's name, so installations (and test schemas)
 * sharing one PostgreSQL database do not wait for each other.
 */
const LOCK_KEYS = `${0x5358_554e}, hashtext(current_schema())`; // "SXUN"

/** Inside a transaction: waits for the lock, which is held until the transaction ends. */
export const startupTransactionLock: SQL = sql.raw(`select pg_advisory_xact_lock(${LOCK_KEYS})`);

/**
 * PostgreSQL: several instances may start (or upgrade) at the same moment. Unlocked, each would create the same
 * tables at once and all but one crash (duplicate key in `pg_type`). Under the lock the first migrates and the others
 * wait, then find every migration applied. A session lock on a connection of its own, released when it ends.
 * (PGlite belongs to one process: nobody to race with.)
 */
export async function migratePostgres(
  connection: pg.ClientConfig,
  migrationsFolder: string,
  migrationsSchema: string,
): Promise<void> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${LOCK_KEYS})`);
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema });
  } finally {
    await client.end();
  }
}
