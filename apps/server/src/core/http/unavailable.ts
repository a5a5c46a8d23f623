/**
 * A database that is briefly out of reach (restarting, failing over, refusing connections, a cut connection) is not
 * a bug: the request could not be served now and may be sent again, so it is answered 503 with Retry-After. Nothing
 * is lost by that answer: a write is acknowledged only after its commit.
 */

/** What Retry-After says: long enough for a fast restart, short enough that the exam player's journal catches up. */
export const RETRY_AFTER_SECONDS = 2;

/** Node's socket errors when the database's address refuses, resets or never answers. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * PostgreSQL's SQLSTATEs: 08xxx connection exceptions; 57P01–57P03 an administrator's or a crash shutdown and
 * "cannot connect now" (starting up, shutting down); 53300 too many connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres and its pool say a connection died or could not be had in words only. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // …unexpectedly, …due to connection timeout
  /^timeout exceeded when trying to connect$/, // the pool's connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed
];

/** True when the error (or one it wraps: drizzle's query error, an AggregateError of addresses) is such an outage. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
