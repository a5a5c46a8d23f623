import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { translate } from '@shixun/contracts';
import type { FastifyInstance } from 'fastify';
import { failure } from './core/http/envelope.ts';
import { localeOf } from './core/http/locale.ts';

/** apps/web/dist, seen from src/ (tsx) or dist/ (the bundle). */
export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any non-API GET that is
 * not a file answered with index.html so client-side routes survive a reload. Unknown API paths get the envelope.
 */
export async function installWeb(app: FastifyInstance, dist: string | undefined): Promise<void> {
  const hasWeb = dist !== undefined && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (dist !== undefined) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` to serve the UI');
  }

  app.setNotFoundHandler((req, reply) => {
    // A missing hashed asset (say, a page built after this process started) must fail loudly, not become index.html.
    // HEAD as GET: link checkers and uptime monitors probe pages with it.
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|assets\/|files\/)/.test(req.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(failure(404, translate(localeOf(req), 'http.routeNotFound')));
  });
}
