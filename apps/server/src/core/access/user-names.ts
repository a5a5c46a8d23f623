import { inArray } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';

/** The real names of these users (owners of libraries, papers …), by id; unknown ids are left out. */
export async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: user.id, name: user.realName }).from(user).where(inArray(user.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
