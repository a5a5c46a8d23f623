import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { z } from 'zod';
import { access } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { AppError, badRequest } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import type { SecretBox } from '../../../core/secrets/secret-box.ts';
import { loadProvider } from './provider.ts';
import { issueState } from './state.ts';

/** Sign-ins one address may start per window (each keeps a state for ten minutes). */
const STARTS_PER_IP = 60;
const START_WINDOW_SECONDS = 600;

const renderQuery = z.object({
  tenantId: z
    .string()
    .trim()
    .max(12, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9]*$/, { error: 'validation.invalid' })
    .optional(),
});

/**
 * `GET /api/blade-auth/oauth/render/:source?tenantId=`: where to send the browser to sign in with a provider. The
 * answer carries the provider's authorize address with a fresh state; the browser is bound to that state by a
 * cookie set here. The callback address is the provider's configured one, never taken from the request.
 */
export function socialRoutes(app: TypedApp, deps: { db: Db; store: KvStore; secrets: SecretBox }): void {
  app.get(
    '/api/blade-auth/oauth/render/:source',
    {
      config: { access: access.public },
      schema: { params: z.object({ source: z.string() }), querystring: renderQuery },
    },
    async (req, reply) => {
      if ((await deps.store.incr(`social:start:${req.ip}`, START_WINDOW_SECONDS)) > STARTS_PER_IP) {
        throw new AppError(429, 'auth.social.throttled');
      }
      const { source } = req.params;
      const provider = /^[a-z][a-z0-9_-]{1,31}$/.test(source)
        ? await loadProvider(deps.db, deps.secrets, source)
        : undefined;
      if (!provider) throw badRequest('auth.social.unknown');
      const { tenantId } = req.query;
      const state = await issueState(deps.store, req, reply, source, tenantId || PLATFORM_TENANT_ID);
      reply.header('cache-control', 'no-store');
      return ok(localeOf(req), { url: provider.authorizeUrl(state) });
    },
  );
}
