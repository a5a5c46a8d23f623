import { dataScopedResources } from '../../../core/access/data-scope.ts';
import { access } from '../../../core/access/guard.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';

export function scopeRoutes(app: TypedApp): void {
  /** The resources data scopes can limit and the rule types each supports: the form's choices. */
  app.get(
    '/api/blade-system/data-scope/resources',
    { config: { access: access.permission(['data_scope_view', 'data_scope_add', 'data_scope_edit']) } },
    async (req) => ok(localeOf(req), dataScopedResources()),
  );
}
