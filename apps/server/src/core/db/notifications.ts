import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY on the database itself: a notification is delivered only once the transaction that sent
 * it commits (never for a rollback), to every instance connected to the database — so caches can follow writes made
 * by any code path, by triggers, without a broker. Works the same on PGlite.
 */
export interface Notifications {
  /** Calls `handler` with each payload; with `null` when some may have been missed (after a reconnect). */
  listen(channel: string, handler: (payload: string | null) => void): Promise<void>;
  /** Resolves once every notification committed before this call has reached the handlers. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite runs in this process and hands notifications over as its commit completes: nothing to wait for. */
export function pgliteNotifications(client: PGlite): Notifications {
  const stops: (() => Promise<void>)[] = [];
  return {
    async listen(channel, handler) {
      stops.push(await client.listen(channel, handler));
    },
    sync: async () => {},
    async close() {
      for (const stop of stops) await stop();
    },
  };
}

/**
 * One dedicated connection per process listening for the channels, reconnecting with backoff when it drops (and
 * telling the handlers they may have missed something).
 */
export function postgresNotifications(config: pg.ClientConfig): Notifications {
  const handlers = new Map<string, ((payload: string | null) => void)[]>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 500;
  let current: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const startTrip = (): Promise<void> => {
    const trip: Promise<void> = (client ? client.query('select 1').then(() => {}) : Promise.resolve())
      .catch(() => {})
      .finally(() => {
        if (current === trip) current = undefined;
      });
    current = trip;
    return trip;
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client(config);
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', () => {}); // reported by 'end'
      c.on('end', () => {
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(reconnect, retryMs).unref();
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
      retryMs = 500;
      return c;
    })();
    return connecting;
  };

  const reconnect = () => {
    if (closed) return;
    connect().then(
      () => {
        for (const list of handlers.values()) for (const h of list) h(null);
      },
      () => {
        connecting = undefined;
        retryMs = Math.min(retryMs * 2, 30_000);
        setTimeout(reconnect, retryMs).unref();
      },
    );
  };

  return {
    async listen(channel, handler) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      const c = await connect();
      if (!known) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    // The listening session reports the notifications committed before a statement of its own ends, ahead of that
    // statement's answer. Callers share round trips: one arriving while a round trip is under way waits for the
    // next one (the one under way may have been answered before its commit).
    sync() {
      if (!current) return startTrip();
      queued ??= current.then(() => {
        queued = undefined;
        return startTrip();
      });
      return queued;
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
