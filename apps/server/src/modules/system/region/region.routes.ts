import {
  crudPermissions,
  type PageQuery,
  pageQuerySchema,
  REGION_ROOT,
  type RegionForm,
  regionFormSchema,
  regionSchema,
} from '@shixun/contracts';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { access, principalOf, requirePermission } from '../../../core/access/guard.ts';
import type { Principal } from '../../../core/access/principal.ts';
import { camelKey, type Filter, filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { assertNoOrphans, defineTree, level, toNode } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { region } from '../../../db/schema/index.ts';
import { codeProblem, deriveRegion, LEVEL_COLUMNS } from './region.rules.ts';

const present = presenter(regionSchema);

/** Regions nest by code: a province's `parentCode` is the root "00", a city's its province's code. */
const regionTree = defineTree<typeof region.$inferSelect>({
  table: region,
  key: region.code,
  parent: region.parentCode,
  sort: region.sort,
  root: REGION_ROOT,
  title: (row) => row.name,
});
const codeSchema = z
  .string({ error: 'region.code.required' })
  .trim()
  .regex(/^\d{2,12}$/, { error: 'region.code.format' });

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

/**
 * 行政区划: global reference data keyed by code, so it does not go through the id-keyed resource factory; the
 * calls keep BladeX's shapes (`detail?code=`, `remove?id=<codes>`, `submit` = insert a new code or update a known
 * one). Reading needs only a session (every school form picks a region); the full list needs `region_view`;
 * writes are the platform superuser's.
 */
export function regionRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-system/region';
  const perm = crudPermissions('region');
  const write = { superuserOnly: true };
  const filterShape = Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema]));

  app.get(
    `${base}/list`,
    {
      config: { access: access.permission(perm.view) },
      schema: { querystring: pageQuerySchema.extend(filterShape) },
    },
    async (req) => {
      const q = req.query as PageQuery & Record<string, unknown>;
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
      return ok(localeOf(req), toPage(rows.map(present), total?.n ?? 0, q.current, q.size));
    },
  );

  /** One level of the tree (default: the provinces), each node saying whether it can be expanded. */
  app.get(
    `${base}/lazy-tree`,
    {
      config: { access: access.signedIn },
      schema: { querystring: z.object({ parentCode: codeSchema.optional() }) },
    },
    async (req) => {
      const { parentCode = REGION_ROOT } = req.query;
      const rows = await level(db, regionTree, undefined, parentCode);
      return ok(
        localeOf(req),
        rows.map((r) => toNode(regionTree, r.row, localeOf(req), r.hasChildren)),
      );
    },
  );

  app.get(
    `${base}/detail`,
    { config: { access: access.signedIn }, schema: { querystring: z.object({ code: codeSchema }) } },
    async (req) => {
      const { code } = req.query;
      const [row] = await db.select().from(region).where(eq(region.code, code));
      if (!row) throw notFound();
      return ok(localeOf(req), present(row));
    },
  );

  /** `id` holds codes (one, or a comma list), as in BladeX. All or nothing; a region with children stays. */
  app.post(
    `${base}/remove`,
    {
      config: { access: access.permission(perm.delete, write) },
      schema: {
        querystring: z.object({
          id: z
            .string({ error: 'validation.ids' })
            .transform((s) =>
              s
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean),
            )
            .pipe(z.array(codeSchema).min(1, { error: 'validation.ids' }).max(1000, { error: 'validation.ids' })),
        }),
      },
    },
    async (req) => {
      const codes = [...new Set(req.query.id)];
      await db.transaction(async (tx) => {
        // Delete first, then look for children: a child added meanwhile either waits for this delete (its parent
        // check locks the parent row) or is seen here and cancels it.
        const removed = await tx.delete(region).where(inArray(region.code, codes)).returning({ code: region.code });
        if (removed.length !== codes.length) throw notFound();
        await assertNoOrphans(tx, regionTree, sql`true`, codes, 'region.hasChildren', localeOf(req));
      });
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  app.post(`${base}/submit`, { config: { access: access.permission([perm.add, perm.edit], write) } }, async (req) => {
    const form = regionFormSchema.parse(req.body ?? {});
    const p = principalOf(req);
    const [known] = await db.select({ code: region.code }).from(region).where(eq(region.code, form.code));
    await requirePermission(req, known ? perm.edit : perm.add);
    const saved = known ? await update(db, p, form) : await insert(db, p, form);
    return ok(localeOf(req), present(saved));
  });
}

async function insert(db: Db, p: Principal, form: RegionForm) {
  return db.transaction(async (tx) => {
    const parentCode = form.parentCode ?? REGION_ROOT;
    let parent: typeof region.$inferSelect | null = null;
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
