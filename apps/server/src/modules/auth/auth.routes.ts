import {
  type LoginOptions,
  PLATFORM_TENANT_ID,
  type TokenError,
  tokenRequestSchema,
  translate,
} from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { revokeSession } from '../../core/auth/sessions.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { describeIssue } from '../../core/http/error-handler.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import type { KvStore } from '../../core/kv/store.ts';
import type { SecretBox } from '../../core/secrets/secret-box.ts';
import { authSettings } from '../../core/settings/params.ts';
import { issueCaptcha } from './captcha.ts';
import { authenticateClient } from './client-auth.ts';
import { passwordGrant, refreshGrant } from './login.service.ts';
import { loginOptions } from './social/provider.ts';
import { socialGrant } from './social/social.service.ts';
import { userInfoOf } from './user-info.service.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  store: KvStore;
  secrets: SecretBox;
  /** Demo accounts shown on the login page of the embedded demo installation. */
  demoAccounts: LoginOptions['demoAccounts'];
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

export function authRoutes(app: TypedApp, deps: AuthDeps): void {
  const base = '/api/blade-auth/oauth';

  app.get(`${base}/login-options`, { config: { access: access.public } }, async (req) => {
    const s = await authSettings(deps.db);
    const options: LoginOptions = {
      tenantMode: s.tenantMode,
      captchaMode: s.captchaMode,
      defaultTenantId: PLATFORM_TENANT_ID,
      demoAccounts: deps.demoAccounts,
      socialProviders: await loginOptions(deps.db),
    };
    return ok(localeOf(req), options);
  });

  /**
   * OAuth2-style token endpoint. Success is the raw login response (as Saber expects); failure is the envelope plus
   * `error` / `error_description`, which the Saber client shows.
   */
  app.post(`${base}/token`, { config: { access: access.public } }, async (req, reply) => {
    const locale = localeOf(req);
    try {
      const client = await authenticateClient(deps.db, req);
      // The grant's fields come in the query (as Saber sends them) or a form or JSON body; a body field wins.
      const query = typeof req.query === 'object' ? req.query : null;
      const fields = typeof req.body === 'object' ? req.body : null;
      const params = tokenRequestSchema.parse({ ...query, ...fields });
      if (!client.grantTypes.includes(params.grant_type)) throw badRequest('auth.grantNotAllowed');
      const meta = {
        tenantHeader: header(req, 'tenant-id'),
        captchaKey: header(req, 'captcha-key'),
        captchaCode: header(req, 'captcha-code'),
        userAgent: header(req, 'user-agent') ?? '',
        ip: req.ip,
      };
      const body =
        params.grant_type === 'refresh_token'
          ? await refreshGrant(deps, client, params)
          : params.grant_type === 'social'
            ? await socialGrant(deps, client, params, req, meta)
            : await passwordGrant(deps, client, params, meta);
      reply.header('cache-control', 'no-store');
      return body;
    } catch (e) {
      let status = 400;
      let message: string;
      let error = 'invalid_grant';
      if (e instanceof AppError) {
        status = e.status;
        message = translate(locale, e.key, e.params);
        if (e.status === 401) error = 'invalid_client';
      } else if (e instanceof ZodError && e.issues[0]) {
        message = describeIssue(locale, e.issues[0]);
        error = 'invalid_request';
      } else {
        throw e;
      }
      const failure: TokenError = {
        code: status,
        success: false,
        data: null,
        msg: message,
        error,
        error_description: message,
      };
      return reply.status(status).send(failure);
    }
  });

  app.get(`${base}/captcha`, { config: { access: access.public } }, async () => {
    const s = await authSettings(deps.db);
    if (!s.captchaMode) throw badRequest('auth.captchaOff');
    return issueCaptcha(deps.store);
  });

  app.get(`${base}/logout`, { config: { access: access.signedIn } }, async (req) => {
    await revokeSession(deps.db, principalOf(req).sessionId);
    return ok(localeOf(req), null, 'ok.default');
  });

  /**
   * Saber's "clear cache". What the server keeps of roles, permissions and menus is forgotten as soon as the database
   * changes them (core/access/session-cache.ts), so it holds nothing a user could need cleared; it answers so Saber
   * clients work, and the browser clears its own caches.
   * Unlike BladeX's, it is not open to anonymous callers.
   */
  app.get(`${base}/clear-cache`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), null, 'ok.default'),
  );

  app.get(`${base}/user-info`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await userInfoOf(deps.db, principalOf(req))),
  );
}
