import { type Locale, type PageQuery, REGION_ROOT, type RegionForm } from '@shixun/contracts';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Principal } from '../../../core/access/principal.ts';
import { camelKey, type Filter, filter } from '../../../core/crud/filters.ts';
import { assertNoOrphans, defineTree, level } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { region } from '../../../db/schema/index.ts';
import { codeProblem, deriveRegion, LEVEL_COLUMNS } from './region.rules.ts';

type RegionRow = typeof region.$inferSelect;

/** Regions nest by code: a province's `parentCode` is the root "00", a city's its province's code. */
export const regionTree = defineTree<RegionRow>({
  table: region,
  key: region.code,
  parent: region.parentCode,
  sort: region.sort,
  root: REGION_ROOT,
  title: (row) => row.name,
});

/** Declared list filters: `code` matches a prefix (digits only, so no wildcard can sneak in), `name` contains. */
const filters: Record<string, Filter> = {
  code: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{0,12}$/, { error: 'region.code.format' })
      .optional(),
    where: (v) => (typeof v === 'string' && v !== '' ? like(region.code, `${v}%`) : undefined),
  },
  name: filter.like(region.name),
  regionLevel: filter.eqInt(region.regionLevel),
  parentCode: filter.eqString(region.parentCode),
};
export const regionFilterShape = Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema]));

const sorts: Record<string, PgColumn> = {
  code: region.code,
  name: region.name,
  sort: region.sort,
  regionLevel: region.regionLevel,
};

function orderOf(ascs?: string, descs?: string): SQL[] {
  const pick = (list: string | undefined, dir: typeof asc) =>
    (list ?? '')
      .split(',')
      .map(camelKey)
      .flatMap((k) => (Object.hasOwn(sorts, k) ? [dir(sorts[k]!)] : []));
  return [...pick(ascs, asc), ...pick(descs, desc), asc(region.code)];
}

/** One page of the declared filters' matches, and how many match in all. */
export async function listRegions(db: Db, q: PageQuery & Record<string, unknown>) {
  const where = and(...Object.entries(filters).map(([k, f]) => f.where(q[k])));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(region)
      .where(where)
      .orderBy(...orderOf(q.ascs, q.descs))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(region).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The regions right below one, each saying whether it can be expanded. */
export function regionChildren(db: Db, parentCode: string) {
  return level(db, regionTree, undefined, parentCode);
}

export async function regionDetail(db: Db, code: string): Promise<RegionRow> {
  const [row] = await db.select().from(region).where(eq(region.code, code));
  if (!row) throw notFound();
  return row;
}

/** All or nothing; a region with children stays. */
export async function removeRegions(db: Db, codes: string[], locale: Locale): Promise<void> {
  await db.transaction(async (tx) => {
    // Delete first, then look for children: a child added meanwhile either waits for this delete (its parent
    // check locks the parent row) or is seen here and cancels it.
    const removed = await tx.delete(region).where(inArray(region.code, codes)).returning({ code: region.code });
    if (removed.length !== codes.length) throw notFound();
    await assertNoOrphans(tx, regionTree, sql`true`, codes, 'region.hasChildren', locale);
  });
}

/**
 * BladeX's `submit`: a new code is added, a known one edited. Which of the two decides the permission the caller
 * needs, so `allow` is asked once that is known and before anything is written.
 */
export async function submitRegion(
  db: Db,
  p: Principal,
  form: RegionForm,
  allow: (kind: 'add' | 'edit') => Promise<void>,
): Promise<RegionRow> {
  const [known] = await db.select({ code: region.code }).from(region).where(eq(region.code, form.code));
  await allow(known ? 'edit' : 'add');
  return known ? update(db, p, form) : insert(db, p, form);
}

async function insert(db: Db, p: Principal, form: RegionForm) {
  return db.transaction(async (tx) => {
    const parentCode = form.parentCode ?? REGION_ROOT;
    let parent: RegionRow | null = null;
    if (parentCode !== REGION_ROOT) {
      [parent = null] = await tx.select().from(region).where(eq(region.code, parentCode)).for('share');
      if (!parent) throw badRequest('region.parent.notFound');
    }
    const problem = codeProblem(parent, form.code);
    if (problem) throw badRequest(problem.key, 'params' in problem ? problem.params : undefined);
    const [saved] = await tx
      .insert(region)
      .values({
        ...deriveRegion(parent, form.code, form.name),
        sort: form.sort ?? 0,
        remark: form.remark ?? '',
        createUser: p.userId,
        updateUser: p.userId,
      })
      .onConflictDoNothing()
      .returning();
    // Another request added this code a moment ago: what was sent was meant as an add, not an edit of theirs.
    if (!saved) throw badRequest('region.code.taken');
    return saved;
  });
}

/** Name, sort and remark change; the place in the tree does not (the code encodes it). */
async function update(db: Db, p: Principal, form: RegionForm) {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(region).where(eq(region.code, form.code)).for('update');
    if (!existing) throw notFound();
    if (form.parentCode !== undefined && form.parentCode !== existing.parentCode) {
      throw badRequest('region.parent.fixed');
    }
    if (form.name !== existing.name) {
      // The name is copied into this region's column on itself and on everything below it.
      const [codeColumn, nameColumn] = LEVEL_COLUMNS[existing.regionLevel - 1]!;
      await tx
        .update(region)
        .set({ [nameColumn]: form.name })
        .where(eq(region[codeColumn], existing.code));
    }
    const [saved] = await tx
      .update(region)
      .set({
        name: form.name,
        ...(form.sort !== undefined ? { sort: form.sort } : {}),
        ...(form.remark !== undefined ? { remark: form.remark } : {}),
        updateUser: p.userId,
        updateTime: new Date(),
      })
      .where(eq(region.code, existing.code))
      .returning();
    return saved!;
  });
}
