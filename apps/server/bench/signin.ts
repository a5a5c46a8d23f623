// The sign-in burst at the start of an exam (issue 25 §3): 2,000 distinct students signing in, 200 at a time, beside a
// floor that reads the user row, verifies the password once and signs a token.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { md5 } from '../src/core/auth/md5.ts';
import { hashPassword } from '../src/core/auth/passwords.ts';
import { closedLoop, cpuMeter, type Figures } from './driver.ts';
import { EXAM_STUDENTS, type Student, seedExamStudents } from './exam.ts';
import { BASIC, DATABASE_URL, ensureDatabase, here, JWT_SECRET, record, startServer, stop, waitFor } from './shared.ts';

const PORT = 8310;
const FLOOR_PORT = 8311;
/** A class arriving: this many students signing in at any moment. */
const ARRIVING = 200;
const PASSWORD = md5('bench-student');

/**
 * Student k's sign-in from an address of their own (127.1.x.y: every 127/8 address reaches this machine), on a
 * connection of their own, as each browser opens one.
 */
function signInAs(port: number, url: string, student: Student, k: number): Promise<{ status: number; body: string }> {
  const query = `tenantId=000000&username=${student.account}&password=${PASSWORD}&grant_type=password&scope=all`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${url}?${query}`,
        localAddress: `127.1.${Math.floor(k / 250)}.${(k % 250) + 1}`,
        agent: false,
        headers: { authorization: BASIC, 'content-length': 0 },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          const token = res.statusCode === 200 && (JSON.parse(body) as { access_token?: string }).access_token;
          resolve({ status: token ? 200 : (res.statusCode ?? 0) || 500, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Budget: ours ≥ 0.8 × the floor, and all 2,000 signed in within 30 s. Every student has the same password, hashed
 * once as the server hashes passwords (argon2id with its parameters): each sign-in still verifies it in full, on
 * both sides.
 */
export async function signinBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: String(PORT), DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  let floor: ChildProcess | undefined;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`, 60_000);
    await c.connect();
    const students = await seedExamStudents(c);
    await c.query('update sys_user set password_hash = $1 where id = any($2::bigint[])', [
      await hashPassword(PASSWORD),
      students.map((s) => s.userId),
    ]);
    floor = fork(path.join(here, 'floor.ts'), [], {
      env: { ...process.env, PORT: String(FLOOR_PORT), DATABASE_URL, JWT_SECRET, FLOOR_TENANT: '000000' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => floor!.once('message', () => resolve()));

    const burst = async (port: number, url: string, pid: number | undefined): Promise<Figures> => {
      const meter = await cpuMeter(c, pid);
      const f = await closedLoop((k) => signInAs(port, url, students[k]!, k), {
        concurrency: ARRIVING,
        count: EXAM_STUDENTS,
      });
      return { ...f, cpu: await meter(f.done) };
    };
    const sessionsBefore = await sessionCount(c);
    const base = await burst(FLOOR_PORT, '/floor/sign-in', floor.pid);
    const mine = await burst(PORT, '/api/blade-auth/oauth/token', server.pid);
    const sessions = (await sessionCount(c)) - sessionsBefore;

    const label = `sign-in burst (${EXAM_STUDENTS.toLocaleString('en')} distinct students, ${ARRIVING} at a time)`;
    const line = (f: Figures) =>
      `${f.rate.toFixed(1)} sign-ins/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ` +
      `all in ${(f.done / f.rate).toFixed(1)} s, ${f.errors} errors; ${f.cpu}`;
    const ratio = mine.rate / base.rate;
    const seconds = mine.done / mine.rate;
    record(`${label}: floor (user row, one password check, token)`, line(base), '', null);
    record(
      `${label}: ours`,
      `${line(mine)}; ${sessions.toLocaleString('en')} sessions opened; ours/floor = ${ratio.toFixed(2)}`,
      '≥ 0.8 × floor, all within 30 s, no errors',
      ratio >= 0.8 && seconds <= 30 && mine.errors === 0 && base.errors === 0 && sessions === EXAM_STUDENTS,
    );
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    floor?.kill('SIGTERM');
  }
}

async function sessionCount(c: pg.Client): Promise<number> {
  return (await c.query('select count(*)::int as n from auth_session')).rows[0].n;
}
