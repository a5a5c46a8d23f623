import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { OSS_SECRET } from '../../../core/files/file-store.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { oss } from '../../../db/schema/index.ts';

/** The secret key is sealed before it is stored; a disabled config stops being the tenant's storage. */
export const ossHooks: ResourceHooks = {
  async beforeSave({ values, secrets }) {
    if (typeof values.secretKey === 'string') values.secretKeyEnc = secrets.seal(OSS_SECRET, values.secretKey);
    delete values.secretKey;
    if (values.status === 0) values.enabled = 0;
  },

  async beforeRemove({ db, scope, ids }) {
    const [inUse] = await db
      .select({ id: oss.id })
      .from(oss)
      .where(and(scope, inArray(oss.id, ids), eq(oss.enabled, 1)))
      .limit(1);
    if (inUse) throw badRequest('oss.enabledRemove');
  },
};
