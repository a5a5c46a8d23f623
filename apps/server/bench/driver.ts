import { readFileSync } from 'node:fs';
import http from 'node:http';
import type pg from 'pg';

/** A keep-alive HTTP client with a per-request token and body, which autocannon cannot vary cheaply. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
export function send(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          'blade-auth': `bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          // Decoded only when read: most answers (whole papers) are only counted.
          resolve({
            status: res.statusCode ?? 0,
            get body() {
              return all.toString();
            },
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Run {
  done: number;
  errors: number;
  ms: number;
  latencies: number[];
  firstError?: string;
}
export interface Figures {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  done: number;
  /** Where the time went (cpuMeter), when measured. */
  cpu?: string;
}

export function figures(r: Run): Figures {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  if (r.firstError) console.log(`  first error: ${r.firstError.slice(0, 300)}`);
  return { rate: (r.done / r.ms) * 1000, p50: at(0.5), p99: at(0.99), errors: r.errors, done: r.done };
}

/** Request k of a run. */
export type Job = (k: number) => Promise<{ status: number; body: string }>;
/** Sends request k and records its latency from `from`; any answer but a 200 is an error (the first one is kept). */
export async function attempt(run: Run, job: Job, k: number, from: number): Promise<void> {
  let failed: string | undefined;
  try {
    const res = await job(k);
    if (res.status !== 200) failed = `${res.status} ${res.body}`;
  } catch (e) {
    failed = String(e);
  }
  run.latencies.push(performance.now() - from);
  run.done++;
  if (failed) {
    run.errors++;
    run.firstError ??= failed;
  }
}

/** Closed loop: `concurrency` clients, each sending its next request when answered, `count` requests or `ms` long. */
export async function closedLoop(
  job: Job,
  opts: { concurrency: number; count?: number; ms?: number },
): Promise<Figures> {
  const run: Run = { done: 0, errors: 0, ms: 0, latencies: [] };
  const started = performance.now();
  const until = started + (opts.ms ?? Number.POSITIVE_INFINITY);
  let next = 0;
  const client = async () => {
    while (next < (opts.count ?? Number.POSITIVE_INFINITY) && performance.now() < until) {
      const k = next++;
      await attempt(run, job, k, performance.now());
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  run.ms = performance.now() - started;
  return figures(run);
}

/**
 * Open loop at a fixed rate: request k leaves at start + k / rate whether or not earlier ones were answered, and
 * its latency counts from then (a server falling behind shows in the latency, not as a slower sender).
 */
export async function pacedLoop(job: Job, rate: number, ms: number): Promise<Figures> {
  const run: Run = { done: 0, errors: 0, ms: 0, latencies: [] };
  const total = Math.round((rate * ms) / 1000);
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let k = 0;
  while (k < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    for (; k < due; k++) inFlight.push(attempt(run, job, k, started + (k * 1000) / rate));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  run.ms = performance.now() - started;
  return figures(run);
}

/** CPU time (ms) a process has used so far, from /proc (Linux; 0 elsewhere). */
export function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 1/100 s
  } catch {
    return 0;
  }
}

/**
 * CPU used during a phase by a server process and by the database's backends serving this database, per request:
 * on a busy machine a steadier sign of where the time goes than the rate. PostgreSQL backends live as long as the
 * pools keep them; one born during the phase counts whole.
 */
export async function cpuMeter(c: pg.Client, pid: number | undefined) {
  const backends = async () =>
    (
      await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    ).rows.map((r) => r.pid as number);
  const before = new Map((await backends()).map((p) => [p, cpuMs(p)]));
  const app = cpuMs(pid);
  const driver = process.cpuUsage();
  return async (requests: number) => {
    const db = (await backends()).reduce((sum, p) => sum + cpuMs(p) - (before.get(p) ?? 0), 0);
    const { user, system } = process.cpuUsage(driver);
    const each = (ms: number) => (ms / requests).toFixed(2);
    return `CPU a request: server ${each(cpuMs(pid) - app)} ms, database ${each(db)} ms, load driver ${each((user + system) / 1000)} ms`;
  };
}
