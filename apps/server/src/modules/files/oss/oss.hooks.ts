import { OSS_SECRET } from '../../../core/files/file-store.ts';
import { oss } from '../../../db/schema/index.ts';
import { sealedConfigHooks } from '../sealed-config.ts';

/** The secret key is sealed before it is stored; a disabled config stops being the tenant's storage. */
export const ossHooks = sealedConfigHooks({ table: oss, purpose: OSS_SECRET, enabledRemove: 'oss.enabledRemove' });
