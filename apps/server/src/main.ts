import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { TokenService } from './core/auth/tokens.ts';
import { openDatabase } from './core/db/client.ts';
import { findSoffice } from './core/files/office-pdf.ts';
import { type KvStore, MemoryStore, RedisStore } from './core/kv/store.ts';
import { SecretBox } from './core/secrets/secret-box.ts';
import { authSettings } from './core/settings/params.ts';
import { backupRoutes } from './ops/backup.routes.ts';
import { announceServer } from './ops/control.ts';
import { DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD } from './seed/academic-demo.ts';
import { seed } from './seed/seed.ts';
import { defaultWebDist } from './web.ts';

const VERSION = '0.1.0';

async function main(): Promise<void> {
  const started = Date.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const dataDir = path.resolve(config.DATA_DIR);
  const filesDir = path.join(dataDir, 'files');
  // The embedded database is open in this process alone: `npm run backup` asks it for the copy (ops/control.ts).
  const presence = config.DATABASE_URL ? null : await announceServer(dataDir);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await seed(database.db, {
    demo: config.seedDemo,
    adminPassword: config.ADMIN_PASSWORD,
    announce: (text) => console.log(`\n  ${text}\n`),
    filesDir,
  });
  await authSettings(database.db); // fail early if the parameters table is unreadable
  const tokens = await TokenService.create(database.db, config.JWT_SECRET);
  const secrets = await SecretBox.create(database.db, config.SECRETS_KEY);
  const store: KvStore = config.REDIS_URL ? await RedisStore.connect(config.REDIS_URL) : new MemoryStore();

  const app = await buildApp({
    database,
    tokens,
    store,
    secrets,
    filesDir,
    soffice: findSoffice(config.SOFFICE),
    demoAccounts: config.seedDemo
      ? [
          { account: 'admin', password: 'admin', role: 'administrator' },
          { account: 'teacher1', password: DEMO_TEACHER_PASSWORD, role: 'teacher' },
          { account: 'student01', password: DEMO_STUDENT_PASSWORD, role: 'student' },
        ]
      : [],
    webDist: config.WEB_DIST ?? defaultWebDist(),
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY === 'true',
    version: VERSION,
    apiDocs: config.NODE_ENV !== 'production',
  });
  if (presence) backupRoutes(app, { database, dataDir, filesDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await store.close();
      await database.close();
      await presence?.forget();
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await presence?.listening((app.server.address() as { port: number }).port, config.HOST);
  app.log.info(
    { database: database.kind, redis: Boolean(config.REDIS_URL), startupMs: Date.now() - started },
    `Shixun is ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
