import { access } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { packageOptions } from './tenant-package.service.ts';

export function tenantPackageRoutes(app: TypedApp, db: Db): void {
  /** `tenant-package/select`: the enabled packages a tenant form offers. */
  app.get(
    '/api/blade-system/tenant-package/select',
    { config: { access: access.permission(['tenant_view', 'tenant_package_view'], { superuserOnly: true }) } },
    async (req) => ok(localeOf(req), await packageOptions(db)),
  );
}
