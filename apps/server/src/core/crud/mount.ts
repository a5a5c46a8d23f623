import { crudPermissions, idListSchema, idSchema, pageQuerySchema } from '@shixun/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDataScoped } from '../access/data-scope.ts';
import { access, can, principalOf } from '../access/guard.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../http/envelope.ts';
import { localeOf } from '../http/locale.ts';
import type { AnyResourceDef, CrudContext } from './resource.ts';
import { type CrudCall, resourceService } from './service.ts';
import { mountTreeCalls } from './tree-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every resource service call needs beside the request (app.ts decorates it once). */
    crud: CrudContext;
  }
}

/** A resource service call made by this request, on the database or on the caller's transaction `db`. */
export function callOf(req: FastifyRequest, db?: Db): CrudCall {
  const { crud } = req.server;
  return {
    db: db ?? crud.db,
    principal: principalOf(req),
    locale: localeOf(req),
    may: (code) => can(req, code),
    secrets: crud.secrets,
    files: crud.files,
    log: req.log,
  };
}

/**
 * The HTTP side of a declared resource (ARCHITECTURE §5): list|page (and any extra lists), detail, remove and
 * submit — and its tree calls — each parsing its input, checking its permission code, calling the resource's service
 * (service.ts) and wrapping the answer.
 */
export function mountResource(app: FastifyInstance, ctx: CrudContext, def: AnyResourceDef): void {
  const perm = crudPermissions(def.name);
  const writeOpts = { superuserOnly: def.scope === 'global' || Boolean(def.superuserOnly) };
  const readOpts = { superuserOnly: Boolean(def.superuserOnly) };
  const filterShape = Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema]));
  const listQuery = pageQuerySchema.extend(filterShape);
  const service = resourceService(def);
  if (def.dataScope) registerDataScoped(def.name, def.dataScope);

  for (const list of [{ path: def.listPath ?? 'list' }, ...(def.extraLists ?? [])]) {
    app.get(
      list.path.startsWith('/') ? list.path : `${def.basePath}/${list.path}`,
      {
        config: { access: access.permission(perm.view, readOpts) },
        schema: { querystring: listQuery.extend(list.required ?? {}) },
      },
      async (req) => ok(localeOf(req), await service.list(callOf(req), req.query as Record<string, unknown>, list)),
    );
  }
  if (def.tree?.calls) mountTreeCalls(app, ctx, def);

  app.get(
    `${def.basePath}/detail`,
    { config: { access: access.permission(perm.view, readOpts) }, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => ok(localeOf(req), await service.detail(callOf(req), (req.query as { id: string }).id)),
  );
  if (def.readOnly) return;

  const removeQuery = z.object({
    ids: idListSchema,
    ...(def.tree?.cascade ? { cascade: z.enum(['0', '1']).optional() } : {}),
  });
  app.post(
    `${def.basePath}/remove`,
    { config: { access: access.permission(perm.delete, writeOpts) }, schema: { querystring: removeQuery } },
    async (req) => {
      await service.remove(callOf(req), req.query as { ids: string[]; cascade?: '0' | '1' });
      return ok(localeOf(req), null, 'ok.default');
    },
  );
  // The body is parsed by the add or the update form inside submit: which one depends on whether it has an id.
  app.post(
    `${def.basePath}/submit`,
    { config: { access: access.permission([perm.add, perm.edit], writeOpts) } },
    async (req) => ok(localeOf(req), await service.submit(callOf(req), (req.body ?? {}) as Record<string, unknown>)),
  );
  if (def.updatePath) {
    app.post(
      `${def.basePath}/${def.updatePath}`,
      { config: { access: access.permission(perm.edit, writeOpts) } },
      async (req) => ok(localeOf(req), await service.update(callOf(req), (req.body ?? {}) as Record<string, unknown>)),
    );
  }
}
