import type { ModuleDef } from '../../core/modules/module.ts';
import { errorLogRoutes } from './error-log.routes.ts';

/** The browser's error log, uploaded by its users. */
export const logModule: ModuleDef = {
  name: 'log',
  routes: (app, { db, store }) => errorLogRoutes(app, { db, store }),
};
