import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client.ts';

/** The distinct non-empty ids a column of these rows holds. */
export function idsIn(rows: Record<string, unknown>[], key: string): string[] {
  return [...new Set(rows.map((r) => r[key]).filter((v): v is string => typeof v === 'string' && v !== '0'))];
}

/** id → name for these ids of a table (removed rows included: a list still names what a row pointed at). */
export async function namesById(
  db: Db,
  table: PgTable & { id: PgColumn },
  nameColumn: PgColumn,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: nameColumn })
    .from(table as PgTable)
    .where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id as string, r.name as string]));
}
