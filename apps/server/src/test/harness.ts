import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse } from '@shixun/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { md5 } from '../core/auth/md5.ts';
import { TokenService } from '../core/auth/tokens.ts';
import { type Database, type Db, openDatabase } from '../core/db/client.ts';
import { newId } from '../core/db/ids.ts';
import { MemoryStore } from '../core/kv/store.ts';
import { gather, type ModuleDef } from '../core/modules/module.ts';
import { ENDPOINT_ALLOW_LIST } from '../core/net/outbound.ts';
import { SecretBox } from '../core/secrets/secret-box.ts';
import { param } from '../db/schema/index.ts';
import { seed, seedModuleMenus } from '../seed/seed.ts';
import { TEST_SEED } from './seeded-snapshot.ts';
import { createDatabase } from './server-process.ts';

/** Tests sign their own tokens (expired, foreign claims) with the key the app under test uses. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  store: MemoryStore;
  tokens: TokenService;
  secrets: SecretBox;
  /** This app's own directory for uploaded files (removed on close). */
  filesDir: string;
  /** Password grant with the plain password; throws unless it succeeds. */
  login(account: string, plain: string, tenantId?: string): Promise<LoginResponse>;
  /** Inject with `Blade-Auth: bearer <token>`. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * A second connection pool on the same PostgreSQL database, as a second server instance would have (closed with the
   * app); null on PGlite, which one process alone can open.
   */
  secondDatabase(): Promise<Database | null>;
  /** A second server instance on its own connections to the same PostgreSQL database (closed with the app); null on PGlite. */
  secondApp(): Promise<FastifyInstance | null>;
  close(): Promise<void>;
}

/**
 * A real server on a real database of its own: a fresh PostgreSQL database when TEST_DATABASE_URL is set (CI),
 * else an in-memory PGlite. Migrated and seeded exactly as at start-up.
 */
export async function startTestApp(
  opts: {
    soffice?: string | null;
    /** Schools' configs may reach the tests' local servers (S3, SMS) on 127.0.0.1 (see core/net/outbound.ts). */
    localEndpoints?: boolean;
    /** The modules the app mounts, when not every module of modules/registry.ts; their menus are seeded too. */
    modules?: readonly ModuleDef[];
  } = {},
): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let database: Database;
  const others: Database[] = [];
  // The run's seeded database (seeded-snapshot.ts) when vitest's global setup made one: each file starts from a copy.
  const postgresSeeded = url ? inject('postgresSeeded') : '';
  const pgliteSeeded = url ? '' : inject('pgliteSeeded');
  let ownUrl = '';
  if (url) {
    const own = await createDatabase(url, `t_${randomBytes(6).toString('hex')}`, postgresSeeded || undefined);
    ownUrl = own.url;
    dropDatabase = own.drop;
    database = await openDatabase({ databaseUrl: ownUrl, dataDir: 'unused', poolSize: 4 });
  } else {
    database = await openDatabase({
      dataDir: 'memory://',
      ...(pgliteSeeded ? { loadDataDir: new Blob([readFileSync(pgliteSeeded)]) } : {}),
    });
  }
  const { db } = database;
  if (!postgresSeeded && !pgliteSeeded) await seed(db, TEST_SEED);
  if (opts.modules) await seedModuleMenus(db, gather(opts.modules).menus);
  if (opts.localEndpoints) {
    await db.insert(param).values({
      id: newId(),
      paramName: 'test endpoints',
      paramKey: ENDPOINT_ALLOW_LIST,
      paramValue: '127.0.0.1,localhost',
    });
  }
  const tokens = await TokenService.create(db, TEST_JWT_SECRET);
  const store = new MemoryStore();
  const secrets = await SecretBox.create(db, undefined);
  const filesDir = mkdtempSync(path.join(tmpdir(), 'shixun-files-'));
  const build = async (on: Database) => {
    const instance = await buildApp({
      database: on,
      tokens,
      store,
      secrets,
      filesDir,
      soffice: opts.soffice,
      demoAccounts: [],
      logLevel: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent',
      apiDocs: true,
      modules: opts.modules,
    });
    await instance.ready();
    return instance;
  };
  const app = await build(database);
  const otherApps: FastifyInstance[] = [];

  const secondDatabase = async () => {
    if (!url) return null;
    const other = await openDatabase({ databaseUrl: ownUrl, dataDir: 'unused', poolSize: 4 });
    others.push(other);
    return other;
  };

  const login = async (account: string, plain: string, tenantId = '000000') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': tenantId },
      query: { tenantId, username: account, password: md5(plain), grant_type: 'password', scope: 'all' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.body}`);
    return res.json() as LoginResponse;
  };

  return {
    app,
    db,
    database,
    store,
    tokens,
    secrets,
    filesDir,
    login,
    as: (token, opts) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'blade-auth': `bearer ${token}` } }),
    secondDatabase,
    secondApp: async () => {
      const other = await secondDatabase();
      if (!other) return null;
      const instance = await build(other);
      otherApps.push(instance);
      return instance;
    },
    close: async () => {
      for (const instance of otherApps) await instance.close();
      await app.close();
      for (const other of others) await other.close();
      await database.close();
      await dropDatabase();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Walks a response body and returns every key that looks like a credential (booleans are flags, not credentials).
 * `oneTime` is the one exception by design: credentials generated by that very request (a new tenant's first
 * administrator), never stored in clear.
 */
export function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'oneTime'
        ? []
        : [
            // A flag (`hasPassword`) tells whether one is set, never what it is.
            ...(/password|secret|hash/i.test(k) && typeof v !== 'boolean' ? [`${path}.${k}`] : []),
            ...secretKeys(v, `${path}.${k}`),
          ],
    );
  }
  return [];
}
