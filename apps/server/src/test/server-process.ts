import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { type RunResult, run } from '../ops/run.ts';

/** The repository root: where `npm start` and the npm scripts run. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A real server process (apps/server/src/main.ts through tsx), as `npm start` runs it but from the sources. */
export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves once /api/health answers 200; rejects when the process exits first or does not come up in time. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM (a graceful stop) and wait for the exit. */
  stop(): Promise<void>;
}

export async function startServer(opts: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(opts.dataDir, 'no-web'),
      REDIS_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    child,
    async healthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      void exited.then(() => {
        gone = true;
      });
      while (Date.now() < deadline) {
        if (gone) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${stderr}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `npm run backup` / `npm run restore` (apps/server/src/ops/cli.ts) with this environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<RunResult> {
  return run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args],
    { ...process.env, DATABASE_URL: '', ...env },
    REPO_ROOT,
  );
}

/**
 * A PostgreSQL database of the test's own on the server of TEST_DATABASE_URL (a copy of `template` when given);
 * `drop` removes it.
 */
export async function createDatabase(
  base: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
