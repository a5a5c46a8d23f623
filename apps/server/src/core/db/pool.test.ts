import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/unavailable.ts';
import { postgresPool } from './client.ts';

/**
 * The PostgreSQL pool through a database outage (client.ts, core/http/unavailable.ts): the errors of an outage are
 * recognised as such, and a connection that dies under a transaction never leaves the pool a connection short.
 * PostgreSQL only (PGlite runs in this process and has no connections to lose), through a TCP proxy this test
 * controls: it can hold what the client sends and cut every connection.
 */
const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy to the test's PostgreSQL: `hold` stops passing the client's bytes on, `cut` drops every connection. */
async function proxy(target: URL) {
  const sockets = new Set<Socket>();
  let holding = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk: Buffer) => {
      if (!holding) upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const through = new URL(target);
  through.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: through.toString(),
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
    },
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => undefined);
});

describe('an outage’s errors', () => {
  it('are told from other errors: a refused connection, a terminated backend; not a bad query', async () => {
    // Nobody listens on port 1: the connection is refused (works without PostgreSQL too).
    const refused = postgresPool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }, 1);
    pools.push(refused);
    const error = await refused.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    if (!url) return;
    const pool = postgresPool({ connectionString: url }, 1);
    pools.push(pool);
    const terminated = await pool.query('select pg_terminate_backend(pg_backend_pid())').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    const bad = await pool.query('select * from no_such_table').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(bad)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe.skipIf(!url)('a connection lost under a transaction', () => {
  it('goes back to the pool whether it dies at BEGIN or midway, so the next query gets a connection', async () => {
    const p = await proxy(new URL(url!));
    // One connection: a single one lost for good would stop every later query.
    const pool = postgresPool({ connectionString: p.url }, 1);
    pools.push(pool);
    const db = drizzle(pool);
    await db.execute(sql`select 1`);

    // Dies at BEGIN: the statement never reaches the server, then the connection is cut.
    p.hold();
    const atBegin = db.transaction(async (tx) => tx.execute(sql`select 1`));
    await new Promise((r) => setTimeout(r, 100));
    p.cut();
    p.release();
    expect(isDatabaseUnavailable(await atBegin.catch((e: unknown) => e))).toBe(true);
    expect((await db.execute(sql`select 2 as n`)).rows).toEqual([{ n: 2 }]);

    // Dies midway: the rollback fails too; the connection is discarded all the same.
    const midway = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      p.cut();
      await tx.execute(sql`select 1`);
    });
    expect(isDatabaseUnavailable(await midway.catch((e: unknown) => e))).toBe(true);
    expect((await db.execute(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
    expect(pool.totalCount).toBe(1);
    await pool.end();
    p.cut();
    await p.close();
  }, 20_000);
});
