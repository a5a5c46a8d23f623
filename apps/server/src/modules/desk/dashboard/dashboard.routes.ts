import type { Dashboard } from '@shixun/contracts';
import { access, can, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { countVisible, dashboardCounters, todoSources } from './dashboard.widgets.ts';

/**
 * `GET /api/blade-desk/dashboard`: every signed-in user has a home page; each counter and to-do in it is checked
 * against the caller's own permissions, so a student sees none of the administrator's numbers.
 */
export function dashboardRoutes(app: TypedApp, db: Db): void {
  app.get('/api/blade-desk/dashboard', { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const counts: Dashboard['counts'] = [];
    for (const def of dashboardCounters) {
      if (def.superuserOnly && !p.superuser) continue;
      if (!(await can(req, `${def.name}_view`))) continue;
      counts.push({ key: def.name, value: await countVisible(db, def, p) });
    }
    const todo: Dashboard['todo'] = [];
    for (const source of todoSources) {
      if (!(await can(req, source.permission))) continue;
      const n = await source.count(db, p);
      if (n > 0) todo.push({ key: source.key, count: n, path: source.path });
    }
    return ok(localeOf(req), { counts, todo } satisfies Dashboard);
  });
}
