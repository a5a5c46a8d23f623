import { idSchema } from '@shixun/contracts';
import { and, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.ts';

/**
 * A query key a list accepts and how it matches. The key only ever selects one of these declared
 * matchers; it never becomes SQL.
 */
export interface Filter {
  schema: z.ZodType;
  where(value: unknown): SQL | undefined;
  /**
   * Turns a value into what `where` takes, using the database, before `where` runs (e.g. a tree node into it and the
   * nodes below it): a condition on known values lets the planner estimate it.
   */
  resolve?(value: unknown, db: Db): Promise<unknown>;
}

/** The query with each declared filter's `resolve` applied to the value sent for it. */
export async function resolveFilters(
  filters: Record<string, Filter>,
  query: Record<string, unknown>,
  db: Db,
): Promise<Record<string, unknown>> {
  const out = { ...query };
  for (const [k, f] of Object.entries(filters)) {
    if (f.resolve && out[k] !== undefined && out[k] !== '') out[k] = await f.resolve(out[k], db);
  }
  return out;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const filter = {
  /** Contains-match, case-insensitive, in any of the columns (a name and its English). */
  like(...columns: PgColumn[]): Filter {
    return {
      schema: z.string().trim().max(100).optional(),
      where: (v) =>
        typeof v === 'string' && v !== '' ? or(...columns.map((c) => ilike(c, `%${escapeLike(v)}%`))) : undefined,
    };
  },
  eqString(column: PgColumn): Filter {
    return {
      schema: z.string().trim().max(100).optional(),
      where: (v) => (typeof v === 'string' && v !== '' ? eq(column, v) : undefined),
    };
  },
  eqInt(column: PgColumn): Filter {
    return {
      schema: z.coerce.number().int().optional(),
      where: (v) => (typeof v === 'number' ? eq(column, v) : undefined),
    };
  },
  /** An id column (bigint): anything but an id is a 400 here, never a cast error in SQL. Empty = no filter. */
  eqId(column: PgColumn): Filter {
    return {
      schema: z.union([z.literal(''), idSchema]).optional(),
      where: (v) => (typeof v === 'string' && v !== '' ? eq(column, v) : undefined),
    };
  },
  /** `key=a,b,c`. */
  inStrings(column: PgColumn): Filter {
    return {
      schema: z
        .string()
        .max(2000)
        .optional()
        .transform((s) => (s ? s.split(',').filter(Boolean) : undefined)),
      where: (v) => (Array.isArray(v) && v.length > 0 ? inArray(column, v as string[]) : undefined),
    };
  },
  /** `key=from,to` (either side may be empty), ISO dates. */
  dateRange(column: PgColumn): Filter {
    return {
      schema: z
        .string()
        .max(100)
        .optional()
        .transform((s) => (s ? s.split(',').map((x) => (x ? new Date(x) : undefined)) : undefined))
        .refine((r) => !r || r.every((d) => !d || !Number.isNaN(d.getTime())), { error: 'validation.invalid' }),
      where: (v) => {
        const [from, to] = (v as (Date | undefined)[] | undefined) ?? [];
        return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
      },
    };
  },
};

/** `param_name` and `paramName` name the same declared key. */
export function camelKey(key: string): string {
  return key.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
