import { type ErrorLogEntry, errorLogUploadSchema } from '@shixun/contracts';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { ok } from '../../core/http/envelope.ts';
import { AppError } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { errorLog } from '../../db/schema/index.ts';

/** Uploads one user may make per window: enough for a bad day, too few to fill the table. */
export const ERROR_LOG_UPLOADS_PER_USER = 20;
export const ERROR_LOG_WINDOW_SECONDS = 3600;
/** 200 entries of up to ~14 kB each: the default 1 MB body limit is too small for a full upload. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** Query parameters and text that must never be stored: tokens (`?token=` links), OAuth codes, passwords. */
const SECRET_PARAMS = /([?&#](?:token|access_token|refresh_token|code|state|password|passwd|secret)=)[^&#\s]*/gi;
const BEARER = /\b(bearer\s+)[A-Za-z0-9._~+/=-]{12,}/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, '$1***').replace(BEARER, '$1***').replace(JWT, '***');
}

/**
 * 上传错误日志: `POST /api/blade-auth/oauth/logout` with the browser's error log as the body (SPEC §7 keeps Saber's
 * odd path). Stored as error logs of the caller's tenant and user, with the address and browser the upload came
 * from; secrets in addresses and messages are blanked first. Answers how many were stored.
 */
export function errorLogRoutes(app: TypedApp, deps: { db: Db; store: KvStore }): void {
  app.post(
    '/api/blade-auth/oauth/logout',
    { config: { access: access.signedIn }, bodyLimit: BODY_LIMIT },
    async (req) => {
      const p = principalOf(req);
      const uploads = await deps.store.incr(`error-log:${p.userId}`, ERROR_LOG_WINDOW_SECONDS);
      if (uploads > ERROR_LOG_UPLOADS_PER_USER) throw new AppError(429, 'log.upload.throttled');
      const logs: ErrorLogEntry[] = errorLogUploadSchema.parse(req.body);
      const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
      await deps.db.insert(errorLog).values(
        logs.map((log) => ({
          id: newId(),
          tenantId: p.tenantId,
          userId: p.userId,
          type: log.type,
          url: redactSecrets(log.url),
          message: redactSecrets(log.message),
          stack: redactSecrets(log.stack),
          info: redactSecrets(log.info),
          clientTime: log.time,
          ip: req.ip,
          userAgent,
        })),
      );
      return ok(localeOf(req), logs.length, 'ok.default');
    },
  );
}
