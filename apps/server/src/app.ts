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
import type { SecretBox } from './core/secrets/secret-box.ts';
import { registerTenantSetups } from './core/tenancy/tenant-setup.ts';
import { academicRoutes } from './modules/academic/academic.routes.ts';
import { assignmentRoutes } from './modules/assignment/assignment.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { socialRoutes } from './modules/auth/social/social.routes.ts';
import { dashboardRoutes } from './modules/desk/dashboard/dashboard.routes.ts';
import { registerTodoSources } from './modules/desk/desk.api.ts';
import { noticeRoutes } from './modules/desk/notice/notice.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health.routes.ts';
import { errorLogRoutes } from './modules/log/error-log.routes.ts';
import { paperRoutes } from './modules/paper/paper.routes.ts';
import { questionModuleRoutes } from './modules/question/routes.ts';
import {
  jobRegistry,
  referenceRegistry,
  resourceRegistry,
  tenantSetupRegistry,
  todoRegistry,
} from './modules/registry.ts';
import { clientRoutes } from './modules/system/client/client.routes.ts';
import { dictRoutes } from './modules/system/dict/dict.routes.ts';
import { menuRoutesModule } from './modules/system/menu/menu.routes.ts';
import { postRoutes } from './modules/system/post/post.routes.ts';
import { regionRoutes } from './modules/system/region/region.routes.ts';
import { roleRoutes } from './modules/system/role/role.routes.ts';
import { scopeRoutes } from './modules/system/scope/scope.routes.ts';
import { tenantRoutes } from './modules/system/tenant/tenant.routes.ts';
import { tenantPackageRoutes } from './modules/system/tenant-package/tenant-package.routes.ts';
import { topMenuRoutes } from './modules/system/topmenu/topmenu.routes.ts';
import { userExcelRoutes } from './modules/user/user.excel.routes.ts';
import { userPlatformRoutes } from './modules/user/user.platform.ts';
import { registerGuestRoutes } from './modules/user/user.register.ts';
import { userRoutes } from './modules/user/user.routes.ts';
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
  const files = new FileStore(deps.secrets, deps.filesDir);
  const jobs = new JobRunner(db, app.log);
  jobs.define(sweepJobs);
  for (const def of jobRegistry) jobs.define(def);
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
  authRoutes(app, {
    db,
    tokens: deps.tokens,
    store: deps.store,
    secrets: deps.secrets,
    demoAccounts: deps.demoAccounts,
  });
  socialRoutes(app, { db, store: deps.store, secrets: deps.secrets });
  menuRoutesModule(app, db);
  registerReferences(referenceRegistry);
  registerTenantSetups(tenantSetupRegistry);
  registerTodoSources(todoRegistry);
  for (const def of resourceRegistry) mountResource(app, { db, secrets: deps.secrets, files }, def);
  postRoutes(app, db);
  dictRoutes(app, db);
  roleRoutes(app, db);
  userRoutes(app, db);
  userPlatformRoutes(app, db);
  registerGuestRoutes(app, { db, store: deps.store });
  userExcelRoutes(app, db);
  tenantRoutes(app, db);
  tenantPackageRoutes(app, db);
  scopeRoutes(app);
  topMenuRoutes(app, db);
  regionRoutes(app, db);
  clientRoutes(app, db);
  noticeRoutes(app, db);
  dashboardRoutes(app, db);
  academicRoutes(app, { db, tokens: deps.tokens });
  questionModuleRoutes(app, { db, files });
  paperRoutes(app, { db, tokens: deps.tokens, files });
  assignmentRoutes(app, { db, store: deps.store });
  errorLogRoutes(app, { db, store: deps.store });
  const converter = new OfficeConverter(
    deps.soffice === undefined ? findSoffice() : deps.soffice,
    path.join(deps.filesDir, '.convert'),
  );
  await filesRoutes(app, { db, files, store: deps.store, secrets: deps.secrets, converter });

  await installWeb(app, deps.webDist);
  return app;
}
