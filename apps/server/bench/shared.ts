// What every bench scenario shares: where the built app is, the bench database, starting and stopping the server
// under test, signing in, and the record of figures against budgets.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
export const webDist = path.join(root, 'apps/web/dist');
export const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
export const DB_NAME = 'shixun_bench';
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? `${PG_BASE}/${DB_NAME}`;
export const md5Admin = '21232f297a57a5a743894a0e4a801fc3';
/** md5('teacher'), the demo teachers' password. */
export const md5Teacher = '8d788385431273d11e8b43bb78f3aa41';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
export const results: { name: string; value: string; budget: string; ok: boolean | null }[] = [];

export function record(name: string, value: string, budget: string, ok: boolean | null) {
  results.push({ name, value, budget, ok });
  console.log(`${ok === false ? '✗' : ok ? '✓' : '·'} ${name}: ${value}${budget ? `  (budget ${budget})` : ''}`);
}

export async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/** BENCH_SERVER_ARGS: node flags for the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
export function startServer(env: Record<string, string>): ChildProcess {
  const flags = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...flags, serverMain], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

export async function ensureDatabase(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) return;
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await c.connect();
  await c.query(`drop database if exists ${DB_NAME} with (force)`);
  await c.query(`create database ${DB_NAME}`);
  await c.end();
}

/** Saturation throughput, then latency at a steady 50 req/s (latency at saturation only measures the queue). */
export async function load(url: string, headers: Record<string, string>) {
  const max = await autocannon({ url, headers, connections: 20, duration: 6 });
  const steady = await autocannon({ url, headers, connections: 4, duration: 6, overallRate: 50 });
  return {
    rps: max.requests.average,
    p95: steady.latency.p97_5 ?? steady.latency.p99,
    p99: steady.latency.p99,
    errors: max.non2xx + max.errors + steady.non2xx,
  };
}

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export async function signIn(base: string, account: string, md5Password: string): Promise<string> {
  const res = await fetch(
    `${base}/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5Password}&grant_type=password&scope=all`,
    { method: 'POST', headers: { authorization: BASIC } },
  );
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`bench: ${account} could not sign in: ${JSON.stringify(body)}`);
  return body.access_token;
}
