import { clientSchema, idSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { resetClientSecret } from './client.service.ts';

const present = presenter(clientSchema);

export function clientRoutes(app: TypedApp, db: Db): void {
  /** A new generated secret, shown in this answer only. */
  app.post(
    '/api/blade-system/client/reset-secret',
    {
      config: { access: access.permission('client_edit', { superuserOnly: true }) },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req) => ok(localeOf(req), present(await resetClientSecret(db, principalOf(req), req.query.id))),
  );
}
