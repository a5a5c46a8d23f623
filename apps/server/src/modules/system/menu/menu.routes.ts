import type { FastifyInstance } from 'fastify';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import { menuButtons, menuRoutes } from './menu.service.ts';

export function menuRoutesModule(app: FastifyInstance, db: Db): void {
  const base = '/api/blade-system/menu';
  app.get(`${base}/routes`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await menuRoutes(db, principalOf(req))),
  );
  app.get(`${base}/buttons`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await menuButtons(db, principalOf(req))),
  );
}
