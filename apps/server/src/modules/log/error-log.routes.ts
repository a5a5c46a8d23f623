import { type ErrorLogEntry, errorLogUploadSchema } from '@shixun/contracts';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { AppError } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { storeErrorLogs } from './error-log.service.ts';

// The redaction's own tests read it beside the upload it guards.
export { redactSecrets } from './error-log.service.ts';

/** Uploads one user may make per window: enough for a bad day, too few to fill the table. */
export const ERROR_LOG_UPLOADS_PER_USER = 20;
export const ERROR_LOG_WINDOW_SECONDS = 3600;
/** 200 entries of up to ~14 kB each: the default 1 MB body limit is too small for a full upload. */
const BODY_LIMIT = 4 * 1024 * 1024;

/**
 * 上传错误日志: `POST /api/blade-auth/oauth/logout` with the browser's error log as the body (SPEC §7 keeps Saber's
 * odd path). The body is checked after the throttle, so a malformed upload counts as an upload too.
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
      const stored = await storeErrorLogs(deps.db, p, logs, { ip: req.ip, userAgent });
      return ok(localeOf(req), stored, 'ok.default');
    },
  );
}
