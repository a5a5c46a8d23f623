import { crudPermissions, pageQuerySchema, REGION_ROOT, regionFormSchema, regionSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf, requirePermission } from '../../../core/access/guard.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { toNode } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import {
  listRegions,
  regionChildren,
  regionDetail,
  regionFilterShape,
  regionTree,
  removeRegions,
  submitRegion,
} from './region.service.ts';

const present = presenter(regionSchema);

const codeSchema = z
  .string({ error: 'region.code.required' })
  .trim()
  .regex(/^\d{2,12}$/, { error: 'region.code.format' });

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

  app.get(
    `${base}/list`,
    {
      config: { access: access.permission(perm.view) },
      // Spread rather than `extend`: extending with a shape of string keys would leave the page keys untyped.
      schema: { querystring: z.object({ ...pageQuerySchema.shape, ...regionFilterShape }) },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listRegions(db, q);
      return ok(localeOf(req), toPage(rows.map(present), total, q.current, q.size));
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
      const rows = await regionChildren(db, req.query.parentCode ?? REGION_ROOT);
      return ok(
        localeOf(req),
        rows.map((r) => toNode(regionTree, r.row, localeOf(req), r.hasChildren)),
      );
    },
  );

  app.get(
    `${base}/detail`,
    { config: { access: access.signedIn }, schema: { querystring: z.object({ code: codeSchema }) } },
    async (req) => ok(localeOf(req), present(await regionDetail(db, req.query.code))),
  );

  /** `id` holds codes (one, or a comma list), as in BladeX. */
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
      await removeRegions(db, [...new Set(req.query.id)], localeOf(req));
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  app.post(`${base}/submit`, { config: { access: access.permission([perm.add, perm.edit], write) } }, async (req) => {
    const form = regionFormSchema.parse(req.body ?? {});
    const saved = await submitRegion(db, principalOf(req), form, (kind) => requirePermission(req, perm[kind]));
    return ok(localeOf(req), present(saved));
  });
}
