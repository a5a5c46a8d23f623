import { idListSchema, passwordChangeSchema, userGrantSchema, userInfoFormSchema, userSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { presenter } from '../../core/crud/presenter.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { changeOwnPassword, ownUser, updateOwnInfo } from './user.self.ts';
import { grantUserRoles, resetUserPasswords } from './user.service.ts';

const present = presenter(userSchema);

export function userRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-user';

  /** The caller's own record. */
  app.get(`${base}/info`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), present(await ownUser(db, principalOf(req)))),
  );

  /** Give users exactly these roles (roles the granter could hold themselves). */
  app.post(
    `${base}/grant`,
    { config: { access: access.permission('user_role') }, schema: { body: userGrantSchema } },
    async (req) => {
      await grantUserRoles(db, principalOf(req), req.body);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /**
   * New passwords: the configured initial password (param account.initPassword) or a random one per user, shown
   * once in the answer. Their sessions end at once and any sign-in lock is lifted.
   */
  app.post(
    `${base}/reset-password`,
    {
      config: { access: access.permission('user_reset') },
      schema: { querystring: z.object({ userIds: idListSchema }) },
    },
    async (req) => ok(localeOf(req), await resetUserPasswords(db, principalOf(req), req.query.userIds)),
  );

  /** Change one's own password (md5 values; query or body, as Saber sends them in the query). Other sessions end. */
  app.post(`${base}/update-password`, { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const query = typeof req.query === 'object' ? req.query : null;
    const body = typeof req.body === 'object' ? req.body : null;
    await changeOwnPassword(db, p, passwordChangeSchema.parse({ ...query, ...body }));
    return ok(localeOf(req), null, 'ok.default');
  });

  /** Update one's own profile; anything else in the body (role, tenant, status, password) is ignored. */
  app.post(
    `${base}/update-info`,
    { config: { access: access.signedIn }, schema: { body: userInfoFormSchema } },
    async (req) => ok(localeOf(req), present(await updateOwnInfo(db, principalOf(req), req.body))),
  );
}
