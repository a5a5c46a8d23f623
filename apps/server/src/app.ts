import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { LoginOptions } from '@shixun/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installGuard } from './core/access/guard.ts';
import { SessionCache } from './core/access/session-cache.ts';
import type { TokenService } from './core/auth/tokens.ts';
import { mountResource } from './core/crud/mount.ts';
import { registerReferences } from './core/crud/references.ts';
import type { Database } from './core/db/client.ts';
import { FileStore } from './core/files/file-store.ts';
import { findSoffice, OfficeConverter } from './core/files/office-pdf.ts';
import { installErrorHandler } from './core/http/error-handler.ts';
import { JobRunner } from './core/jobs/runner.ts';
import { sweepJobs } from './core/jobs/sweep.ts';
import type { KvStore } from './core/kv/store.ts';
import { gather, type ModuleDef } from './core/modules/module.ts';
import type { SecretBox } from './core/secrets/secret-box.ts';
import { registerTenantSetups } from './core/tenancy/tenant-setup.ts';
import { registerTodoSources } from './modules/desk/desk.api.ts';
import { healthRoutes } from './modules/health.routes.ts';
import { modules as allModules, todoRegistry } from './modules/registry.ts';
import { installWeb } from './web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job runner (core/jobs): modules define their jobs on it; it polls while the app is open. */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  database: Database;
  tokens: TokenService;
  store: KvStore;
  secrets: SecretBox;
  /** Where uploaded files are kept on the local disk (`<DATA_DIR>/files`). */
  filesDir: string;
  /** LibreOffice's `soffice` for Office previews; null = none (browser rendering); omitted = found on PATH. */
  soffice?: string | null;
  demoAccounts: LoginOptions['demoAccounts'];
  /** Directory of the built web app; omitted in API tests. */
  webDist?: string;
  logLevel?: string;
  trustProxy?: boolean;
  version?: string;
  /** Serve the OpenAPI document and its UI at /api/docs (everywhere but production). */
  apiDocs?: boolean;
  /** The modules to mount (default: every module, modules/registry.ts); tests add their own. */
  modules?: readonly ModuleDef[];
}

/** Secrets that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["blade-auth"]',
  'req.headers["captcha-code"]',
  'req.headers.cookie',
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      redact: REDACT,
      // Saber sends the login password in the query string: log paths only, never query strings.
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
      },
    },
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(formbody);
  // One file per request, 5 MB unless a route asks for its own limit; anything larger is refused while streaming.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024 } });

  const { db } = deps.database;
  const modules = deps.modules ?? allModules;
  const registry = gather(modules);
  const files = new FileStore(deps.secrets, deps.filesDir);
  const jobs = new JobRunner(db, app.log);
  jobs.define(sweepJobs);
  for (const def of registry.jobs) jobs.define(def);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  installErrorHandler(app);
  const sessions = new SessionCache();
  await sessions.follow(deps.database);
  installGuard(app, { db, tokens: deps.tokens, sessions, publicPrefixes: deps.apiDocs ? ['/api/docs'] : [] });
  if (deps.apiDocs) {
    await app.register(swagger, {
      openapi: { info: { title: 'Shixun API', version: deps.version ?? 'dev' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  healthRoutes(app, deps.database, deps.version ?? 'dev');
  registerReferences(registry.references);
  registerTenantSetups(registry.tenantSetups);
  registerTodoSources(todoRegistry);
  const crud = { db, secrets: deps.secrets, files };
  app.decorate('crud', crud);
  for (const def of registry.resources) mountResource(app, crud, def);
  const converter = new OfficeConverter(
    deps.soffice === undefined ? findSoffice() : deps.soffice,
    path.join(deps.filesDir, '.convert'),
  );
  const moduleDeps = {
    db,
    tokens: deps.tokens,
    store: deps.store,
    secrets: deps.secrets,
    files,
    converter,
    demoAccounts: deps.demoAccounts,
  };
  for (const module of modules) await module.routes?.(app, moduleDeps);

  await installWeb(app, deps.webDist);
  return app;
}
