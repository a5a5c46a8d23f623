import type { ModuleDef } from '../../core/modules/module.ts';
import { attachResource } from './attach/attach.resource.ts';
import { filesRoutes } from './files.routes.ts';
import { ossResource } from './oss/oss.resource.ts';
import { smsResource } from './sms/sms.resource.ts';

/** Files: uploads, storage configs, attachments, previews, SMS, and the stored files themselves. */
export const filesModule: ModuleDef = {
  name: 'files',
  resources: [ossResource, attachResource, smsResource],
  routes: (app, { db, files, store, secrets, converter }) => filesRoutes(app, { db, files, store, secrets, converter }),
};
