import type { ModuleDef } from '../../core/modules/module.ts';
import { authRoutes } from './auth.routes.ts';
import { socialRoutes } from './social/social.routes.ts';

/** Sign-in: tokens, captcha, lockout, social sign-in. */
export const authModule: ModuleDef = {
  name: 'auth',
  routes(app, d) {
    authRoutes(app, { db: d.db, tokens: d.tokens, store: d.store, secrets: d.secrets, demoAccounts: d.demoAccounts });
    socialRoutes(app, { db: d.db, store: d.store, secrets: d.secrets });
  },
};
