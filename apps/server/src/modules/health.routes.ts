import { access } from '../core/access/guard.ts';
import type { Database } from '../core/db/client.ts';
import type { TypedApp } from '../core/http/typed-app.ts';

export function healthRoutes(app: TypedApp, database: Database, version: string): void {
  app.get('/api/health', { config: { access: access.public } }, async (_req, reply) => {
    const up = await database.ping();
    reply.status(up ? 200 : 503);
    return {
      code: up ? 200 : 503,
      success: up,
      data: { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', version },
      msg: up ? 'ok' : 'database unreachable',
    };
  });
}
