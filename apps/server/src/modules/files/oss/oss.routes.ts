import { idSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { oss } from '../../../db/schema/index.ts';
import { mountEnable } from '../sealed-config.ts';
import { ossResource } from './oss.resource.ts';
import { probeOss } from './oss.service.ts';

const byId = { querystring: z.object({ id: idSchema }) };

export function ossRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  const base = '/api/blade-resource/oss';

  mountEnable(app, deps.db, { def: ossResource, table: oss, disabled: 'oss.disabled' });

  /** Whether the storage settings work, and if not the reason why. */
  app.post(`${base}/test`, { config: { access: access.permission('oss_edit') }, schema: byId }, async (req) => {
    await probeOss(deps, principalOf(req), req.query.id);
    return ok(localeOf(req), null, 'ok.default');
  });
}
