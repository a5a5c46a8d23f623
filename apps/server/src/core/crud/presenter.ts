import type { z } from 'zod';

/** Dates become ISO strings; everything else is passed as is to the entity schema, which drops unknown keys. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/**
 * Rows never leave the server as they are: the entity schema names exactly what a client may see, so a password
 * hash or secret column can only leak by being added to a contracts schema on purpose.
 */
export function presenter<S extends z.ZodObject>(schema: S): (row: object) => z.infer<S> {
  return (row) => schema.parse(plain(row as Record<string, unknown>));
}
