// Practical attempts (issue 29): recording a reading at the workbench — the autosave `submit_paper_answer` — beside a
// floor doing the same SQL, on PostgreSQL and on the embedded PGlite default. Budget: ours ≥ 0.8 × the floor.
//
// On PostgreSQL the server under test is the built app and the floor is floor.ts (its own pool), as for the exam. PGlite
// is open in one process alone, so on the embedded default this file, forked with BENCH_PRACTICAL_HOST=1, hosts both:
// the server built from the sources as main.ts builds it, and beside it a bare Fastify floor on the same PGlite handle;
// the bench's own queries (seeding, checks) reach that handle over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { newId } from '../src/core/db/ids.ts';
import { contentOf } from '../src/modules/practical/attempt/attempt.held.ts';
import { GRACE_MS } from '../src/modules/practical/attempt/attempt.save.ts';
import {
  agent,
  attempt,
  closedLoop,
  cpuMeter,
  cpuMs,
  type Figures,
  figures,
  type Job,
  type Run,
  send,
} from './driver.ts';
import { hostEmbedded, hostReady, sqlOf } from './embedded-host.ts';
import { type Student, seedExamStudents } from './exam.ts';
import {
  DATABASE_URL,
  ensureDatabase,
  here,
  JWT_SECRET,
  md5Teacher,
  record,
  signIn,
  startServer,
  stop,
  waitFor,
} from './shared.ts';

const TENANT = '000000';
/** 2024级1班, where seedExamStudents puts its 2,000 students (teacher1's class). */
const CLASS = '70140';
/** Students who record: four or five classes at their benches (the rest of the class's attempts stay untouched). */
const STUDENTS = 200;
const CONCURRENCY = 50;
/** Each side saves at saturation this long in all, in rounds taken in turn (a machine busy with other work then slows
 * both alike rather than whichever side happens to run during it). */
const SATURATION_MS = 5000;
const ROUNDS = 4;
/** The task's points, each with its readings (all Ø25 h7 on a micrometer: 24.979 … 25.000). */
const POINTS = [
  ['外圆尺寸', 10, ['Ø25 左端', 'Ø25 中段', 'Ø25 右端', 'Ø25 台阶']],
  ['长度尺寸', 6, ['总长', '台阶长']],
  ['形位公差', 4, ['圆度', '同轴度']],
] as const;

// ── The floor: what `submit_paper_answer` runs for an autosave (attempt.save.ts saveRecords without `final`) — the
// prepared `practical_save_target` select, the server's own checks, then the `writeRecords` statement — after a token
// check alone: no session, user, role or permission query, no validation of the body ──

/** A database call as floor.ts makes them (pg's QueryConfig; PGlite is given the same). */
export type FloorQuery = (q: {
  name?: string;
  text: string;
  values: unknown[];
  rowMode?: 'array';
}) => Promise<{ rows: unknown[] }>;

/** The statement drizzle builds for attempt.save.ts's saveTargetQuery (run in array mode, as drizzle runs it). */
const SAVE_TARGET = `select "practical_student"."id", "practical_student"."state", "practical_teacher"."id", "practical_teacher"."tenant_id", "practical_teacher"."recorder", "practical_teacher"."open_time", "practical_teacher"."close_time", "practical_teacher"."content" from "practical_student" inner join "practical_teacher" on "practical_teacher"."id" = "practical_student"."practical_teacher_id" where ("practical_student"."id" = $1 and "practical_student"."tenant_id" = $2 and "practical_student"."user_id" = $3 and "practical_student"."is_deleted" = $4 and "practical_teacher"."is_deleted" = $5)`;

/** attempt.save.ts writeRecords' statement, its parameters numbered as drizzle numbers them. */
const WRITE_RECORDS = `
    with open as (
      select id, tenant_id, user_id from practical_student
       where id = $1 and state in ('not_started', 'in_progress')
         for share
    ), started as (
      update practical_student set state = 'in_progress', start_time = $2::timestamptz, update_time = $3::timestamptz
       where id = (select id from open) and state = 'not_started'
      returning id
    ), saved as (
      insert into practical_student_inspection as t
        (id, tenant_id, practical_student_id, inspection_id, point_id, student_value, passed, note, evidence, seq,
         save_time, create_user, update_user)
      select v.id, o.tenant_id, o.id, v.item, v.point, v.value, v.passed, v.note, v.evidence, v.seq, $4::timestamptz, o.user_id, o.user_id
        from open o,
             jsonb_to_recordset($5::jsonb)
               as v(id bigint, item bigint, point bigint, seq int, value text, passed int, note text, evidence jsonb)
      on conflict (practical_student_id, inspection_id) do update
         set student_value = excluded.student_value, passed = excluded.passed, note = excluded.note,
             evidence = excluded.evidence, seq = excluded.seq, save_time = excluded.save_time,
             update_time = excluded.save_time
       -- Equal numbers: the same edit sent again, or two devices that both made edit n — the later write stands.
       where t.seq <= excluded.seq
    )
    select count(*)::int as n from open`;

interface Reading {
  inspectionId: string;
  value?: string | null;
  passed?: 0 | 1 | null;
  note?: string;
  evidence?: unknown[];
  seq: number;
}

const failure = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/** `POST /floor/practical-save`, on whichever database `query` reaches. */
export function practicalFloor(app: FastifyInstance, query: FloorQuery, tenant: string, secret: string): void {
  const key = new TextEncoder().encode(secret);
  app.post('/floor/practical-save', async (req) => {
    const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
    const claims = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
    const body = req.body as { practicalStudentId: string; items: Reading[] };
    const { rows } = await query({
      name: 'practical_save_target',
      text: SAVE_TARGET,
      values: [body.practicalStudentId, tenant, claims.sub, 0, 0],
      rowMode: 'array',
    });
    const row = rows[0] as unknown[] | undefined;
    if (!row) throw failure(404, 'not found');
    const [attemptId, state, assignmentId, , recorder, openTime, closeTime, frozen] = row;
    if (recorder === 'teacher' && body.items.length) throw failure(400, 'the teacher records');
    if (state === 'submitted' || state === 'marked') throw failure(400, 'submitted');
    const now = Date.now();
    if (now < new Date(openTime as Date).getTime()) throw failure(400, 'not open');
    if (now > new Date(closeTime as Date).getTime() + GRACE_MS) throw failure(400, 'closed');
    const content = contentOf({ id: String(assignmentId), content: frozen });
    for (const s of body.items) if (!content.items.has(s.inspectionId)) throw failure(400, 'no such item');
    const latest = new Map<string, Reading>();
    for (const s of body.items) if ((latest.get(s.inspectionId)?.seq ?? -1) < s.seq) latest.set(s.inspectionId, s);
    const values = [...latest.values()].map((s) => ({
      id: newId(),
      item: s.inspectionId,
      point: content.items.get(s.inspectionId)!.point.id,
      seq: s.seq,
      value: s.value ?? null,
      passed: s.passed ?? null,
      note: s.note ?? '',
      evidence: s.evidence ?? [],
    }));
    const at = new Date().toISOString();
    if (body.items.length) {
      const saved = await query({
        text: WRITE_RECORDS,
        values: [String(attemptId), at, at, at, JSON.stringify(values)],
      });
      if (!(saved.rows[0] as { n: number } | undefined)?.n) throw failure(400, 'submitted');
    }
    return {
      code: 200,
      success: true,
      data: {
        acked: body.items.map((i) => ({ inspectionId: i.inspectionId, seq: i.seq })),
        state: 'in_progress',
        serverTime: new Date().toISOString(),
      },
      msg: 'ok',
    };
  });
}

// ── The bench ──

interface Side {
  port: number;
  pid: number | undefined;
  save: string;
  /** Each student's attempt, by student index. */
  attempts: string[];
  items: string[];
  /** Saves sent so far: save k goes to student k mod N, each round to another item. */
  saves: number;
}

/** The task through the API: teacher1's, three points and eight readings; the function returned assigns it. */
async function practicalTask(port: number, teacher: string) {
  const api = async (url: string, body: unknown) => {
    const res = await send(port, 'POST', url, teacher, body);
    const parsed = JSON.parse(res.body) as { success: boolean; data: { id: string } };
    if (res.status !== 200 || !parsed.success) throw new Error(`bench: ${url} → ${res.status} ${res.body}`);
    return parsed.data;
  };
  const paper = await api('/api/jd/pc/practical_paper/submit', { title: '基准实训：阶梯轴车削' });
  const items: string[] = [];
  for (const [name, score, readings] of POINTS) {
    const point = await api('/api/jd/pc/practical_point/submit', {
      paperId: paper.id,
      name,
      score,
      rule: 'proportional',
    });
    for (const reading of readings) {
      const item = await api('/api/jd/pc/practical_inspection/submit', {
        paperId: paper.id,
        pointId: point.id,
        name: reading,
        kind: 'measure',
        nominal: '25.00',
        lowerDeviation: '-0.021',
        upperDeviation: '0',
        resolution: '0.01',
        unit: 'mm',
      });
      items.push(item.id);
    }
  }
  const assign = () =>
    api('/api/jd/pc/practical_teacher/add_batch', {
      paperId: paper.id,
      classIds: [CLASS],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      recorder: 'student',
    });
  return { items, assign };
}

let seq = 0;
/** What the server acknowledged: each (attempt, item)'s highest acknowledged seq, and how many saves. */
interface Acks {
  best: Map<string, number>;
  saves: number;
}

/** Autosave of one reading: save k is student k mod N's, each pass over the students on the next item. */
const saveOf = (side: Side, students: Student[], acks?: Acks) => async () => {
  const k = side.saves++;
  const s = k % students.length;
  const item = side.items[(Math.floor(k / students.length) + s) % side.items.length]!;
  const body = { practicalStudentId: side.attempts[s]!, items: [{ inspectionId: item, value: '24.99', seq: ++seq }] };
  const res = await send(side.port, 'POST', side.save, students[s]!.token, body);
  if (acks && res.status === 200) {
    const ack = JSON.parse(res.body) as { success: boolean; data: { acked: { inspectionId: string; seq: number }[] } };
    for (const a of ack.success ? ack.data.acked : []) {
      const key = `${body.practicalStudentId}:${a.inspectionId}`;
      acks.best.set(key, Math.max(acks.best.get(key) ?? 0, a.seq));
      acks.saves++;
    }
  }
  return res;
};

/** A side's saturation rounds added up: the requests, and the CPU the server, the database and the driver spent. */
interface Tally {
  run: Run;
  server: number;
  db: number;
  driver: number;
}
const tally = (): Tally => ({ run: { done: 0, errors: 0, ms: 0, latencies: [] }, server: 0, db: 0, driver: 0 });

/** One round: `CONCURRENCY` clients saving through one side for SATURATION_MS / ROUNDS, metered as cpuMeter meters. */
async function saturate(c: pg.Client, side: Side, into: Tally, job: Job): Promise<void> {
  const backends = async () =>
    (
      await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    ).rows.map((r) => Number(r.pid));
  const before = new Map((await backends()).map((p) => [p, cpuMs(p)]));
  const server = cpuMs(side.pid);
  const driver = process.cpuUsage();
  const started = performance.now();
  const until = started + SATURATION_MS / ROUNDS;
  const client = async () => {
    while (performance.now() < until) await attempt(into.run, job, into.run.done, performance.now());
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  into.run.ms += performance.now() - started;
  into.server += cpuMs(side.pid) - server;
  into.db += (await backends()).reduce((sum, p) => sum + cpuMs(p) - (before.get(p) ?? 0), 0);
  const { user, system } = process.cpuUsage(driver);
  into.driver += (user + system) / 1000;
}

function figuresOf(t: Tally): Figures {
  const each = (ms: number) => (ms / t.run.done).toFixed(2);
  return {
    ...figures(t.run),
    // PGlite has no backends of its own: its CPU is the server's.
    cpu: `CPU a request: server ${each(t.server)} ms, database ${t.db ? `${each(t.db)} ms` : 'in the server'}, load driver ${each(t.driver)} ms`,
  };
}

/**
 * Both sides measured alike against one server (`ours`) and its floor, each side with an assignment of its own:
 * 我的实训 for every student (which finds their attempts and lets the server learn their sessions), the first save of
 * every attempt (starts it), then saves at saturation — the budget — and every acknowledged save looked up after.
 */
async function measure(
  dbLabel: string,
  c: pg.Client,
  ours: { port: number; pid: number | undefined },
  floor: { port: number; pid: number | undefined },
): Promise<void> {
  const teacher = await signIn(`http://127.0.0.1:${ours.port}`, 'teacher1', md5Teacher);
  // The exam's 2,000 students are in the class (add_batch makes each of them an attempt); a workshop session's worth
  // of them record.
  const students = (await seedExamStudents(c)).slice(0, STUDENTS);
  const task = await practicalTask(ours.port, teacher);
  const started = performance.now();
  const ourAssignment = await task.assign();
  const assignMs = performance.now() - started;
  const floorAssignment = await task.assign();
  await c.query('analyze practical_student; analyze practical_teacher; analyze practical_student_inspection');
  const [{ n: attemptCount }] = (
    await c.query('select count(*)::int as n from practical_student where practical_teacher_id = $1', [
      ourAssignment.id,
    ])
  ).rows;
  record(
    `${dbLabel}: practical add_batch (${task.items.length} readings, class of ${attemptCount.toLocaleString('en')} students)`,
    `${(assignMs / 1000).toFixed(2)} s`,
    '',
    null,
  );

  const metered = async (pid: number | undefined, loop: () => Promise<Figures>): Promise<Figures> => {
    const meter = await cpuMeter(c, pid);
    const f = await loop();
    return { ...f, cpu: await meter(f.done) };
  };
  // 我的实训: each student's attempts by assignment (two, or more on a database kept from an earlier run).
  const byStudent: Map<string, string>[] = students.map(() => new Map());
  const listed = await metered(ours.pid, () =>
    closedLoop(
      async (k) => {
        const res = await send(
          ours.port,
          'GET',
          '/api/jd/pc/practical_student/mine?current=1&size=100',
          students[k]!.token,
        );
        if (res.status === 200) {
          const page = JSON.parse(res.body) as { data: { records: { id: string; practicalTeacherId: string }[] } };
          for (const r of page.data.records) byStudent[k]!.set(r.practicalTeacherId, r.id);
        }
        return res;
      },
      { concurrency: CONCURRENCY, count: students.length },
    ),
  );
  record(
    `${dbLabel}: practical_student/mine (${students.length.toLocaleString('en')} students, ${CONCURRENCY} at a time)`,
    `${listed.rate.toFixed(0)} req/s, p50 ${listed.p50.toFixed(0)} ms, p99 ${listed.p99.toFixed(0)} ms, ${listed.errors} errors; ${listed.cpu}`,
    '',
    null,
  );
  const attemptsOf = (assignmentId: string) =>
    byStudent.map((m, k) => {
      const id = m.get(assignmentId);
      if (!id) throw new Error(`bench: student ${students[k]!.account} has no attempt at ${assignmentId}`);
      return id;
    });
  const sides: [Side, Side] = [
    { ...floor, save: '/floor/practical-save', attempts: attemptsOf(floorAssignment.id), items: task.items, saves: 0 },
    {
      ...ours,
      save: '/api/jd/pc/practical_student/submit_paper_answer',
      attempts: attemptsOf(ourAssignment.id),
      items: task.items,
      saves: 0,
    },
  ];

  // Every attempt's first save (it starts the attempt), unmeasured on both sides: the measured saves then all record
  // on started attempts, as nearly all saves of a session do.
  for (const side of sides) {
    const first = await closedLoop(saveOf(side, students), { concurrency: CONCURRENCY, count: students.length });
    if (first.errors) throw new Error(`bench: ${first.errors} first saves failed on port ${side.port}`);
  }
  const acks: Acks = { best: new Map(), saves: 0 };
  const tallies = [tally(), tally()];
  for (let round = 0; round < ROUNDS; round++) {
    await saturate(c, sides[0], tallies[0]!, saveOf(sides[0], students));
    await saturate(c, sides[1], tallies[1]!, saveOf(sides[1], students, acks));
  }
  const [base, endpoint] = tallies.map(figuresOf) as [Figures, Figures];
  const line = (f: Figures) =>
    `${f.rate.toFixed(0)} saves/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.errors} errors; ${f.cpu}`;
  const ratio = endpoint.rate / base.rate;
  const label = `${dbLabel}: practical submit_paper_answer (one reading a save, ${students.length} started attempts, ${CONCURRENCY} at a time)`;
  record(`${label}: floor (token check + the same SQL)`, line(base), '', null);
  record(
    `${label}: ours`,
    `${line(endpoint)}; ours/floor = ${ratio.toFixed(2)}`,
    '≥ 0.8 × floor, no errors',
    ratio >= 0.8 && endpoint.errors === 0 && base.errors === 0,
  );

  // Every acknowledged save is in the database: the stored seq is the acknowledged one or a later one.
  const stored = await c.query(
    `select practical_student_id, inspection_id, seq from practical_student_inspection
      where practical_student_id = any($1::bigint[])`,
    [sides[1].attempts],
  );
  const inDb = new Map(stored.rows.map((r) => [`${r.practical_student_id}:${r.inspection_id}`, Number(r.seq)]));
  const missing = [...acks.best].filter(([key, s]) => (inDb.get(key) ?? 0) < s);
  record(
    `${dbLabel}: acknowledged practical saves found in the database (stored seq ≥ acknowledged seq)`,
    `${acks.saves.toLocaleString('en')} acknowledged saves of ${acks.best.size.toLocaleString('en')} readings checked, ${missing.length} missing`,
    'none missing',
    missing.length === 0 && acks.saves > 0,
  );
}

/** On PostgreSQL: the built server and floor.ts, as the exam bench runs them. */
export async function practicalBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: '8330', DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  let floor: ChildProcess | undefined;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor('http://127.0.0.1:8330/api/health', 60_000);
    await c.connect();
    floor = fork(path.join(here, 'floor.ts'), [], {
      env: { ...process.env, PORT: '8331', DATABASE_URL, JWT_SECRET, FLOOR_TENANT: TENANT },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => floor!.once('message', () => resolve()));
    await measure('PostgreSQL', c, { port: 8330, pid: server.pid }, { port: 8331, pid: floor.pid });
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    floor?.kill('SIGTERM');
    agent.destroy();
  }
}

/** On the embedded default (no PostgreSQL): the server and its floor in one process, on one PGlite. */
export async function practicalEmbeddedBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shixun-bench-'));
  const child = fork(path.join(here, 'practical.ts'), [], {
    env: { ...process.env, BENCH_PRACTICAL_HOST: '1', PORT: '8332', FLOOR_PORT: '8333', DATA_DIR: dataDir, JWT_SECRET },
    // BENCH_SERVER_ARGS: node flags for the server under test, as startServer passes them.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  try {
    await hostReady(child);
    // One process answers both: its CPU is the server's and the database's together.
    await measure(
      'embedded PGlite',
      sqlOf(child),
      {
        port: 8332,
        pid: child.pid,
      },
      { port: 8333, pid: child.pid },
    );
  } finally {
    await stop(child);
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_PRACTICAL_HOST === '1') {
  await hostEmbedded((floor, client, { secret }) =>
    practicalFloor(floor, (q) => client.query(q.text, q.values, { rowMode: q.rowMode ?? 'object' }), TENANT, secret),
  );
}
