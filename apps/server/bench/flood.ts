// An autosave flood (issue 25 §2): one student floods save_answers — 1 MB bodies, bodies just under the limit that
// fail validation, small valid saves — from 24 connections as fast as they are answered, while 50 classmates save
// at a steady rate. The floor is the same classmates' stream without the flood, in the same run.
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMs, type Figures, pacedLoop } from './driver.ts';
import {
  type Acks,
  type ExamSide,
  examPaper,
  paperOf,
  recordAcksStored,
  saveOf,
  seedExamQuestions,
  seedExamStudents,
  serverSide,
} from './exam.ts';
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

const PORT = 8320;
const CALM = 50;
/** The classmates' saves a second: two a student, more than the exam page sends while a student answers. */
const RATE = 100;
const PHASE_MS = 8000;
const FLOOD_CONNECTIONS = 24;

interface Flooded {
  statuses: Record<string, number>;
  sent: number;
  justUnderKb: number;
}

/** The flooder (flooder.ts) in its own process, ready to flood for `ms` when told. */
async function flooder(side: ExamSide, token: string, attempt: string) {
  const child = fork(path.join(here, 'flooder.ts'), [], {
    env: {
      ...process.env,
      FLOOD_PORT: String(PORT),
      FLOOD_URL: side.save,
      FLOOD_TOKEN: token,
      FLOOD_ATTEMPT: attempt,
      FLOOD_QUESTIONS: JSON.stringify(side.questions),
      FLOOD_CONNECTIONS: String(FLOOD_CONNECTIONS),
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    flood: (ms: number) =>
      new Promise<Flooded>((resolve) => {
        child.once('message', (m) => resolve(m as Flooded));
        child.send(ms);
      }),
    kill: () => child.kill(),
  };
}

/**
 * Budget: the classmates' p50 with the flood ≤ 2 × without it, every one of their saves acknowledged and stored; the
 * flood answered 413/429 (400 for the bodies that reach validation), never 5xx.
 */
export async function floodBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: String(PORT), DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  const c = new pg.Client({ connectionString: DATABASE_URL });
  let student: Awaited<ReturnType<typeof flooder>> | undefined;
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`, 60_000);
    const teacher = await signIn(`http://127.0.0.1:${PORT}`, 'teacher1', md5Teacher);
    await c.connect();
    const students = (await seedExamStudents(c)).slice(0, CALM + 1);
    const assign = await examPaper(PORT, teacher, await seedExamQuestions(c));
    const assignment = await assign();
    const side = await serverSide(
      PORT,
      c,
      assignment.id,
      students.map((s) => s.userId),
    );
    // Everyone opens the paper (which starts the attempt); the flooder is the last of them.
    for (let k = 0; k <= CALM; k++) await paperOf(side, students)(k);
    const calm = students.slice(0, CALM);
    const acks: Acks = { best: new Map(), saves: 0 };
    const stream = () => pacedLoop(saveOf(side, calm, acks), RATE, PHASE_MS);

    student = await flooder(side, students[CALM]!.token, side.attempts[CALM]!);
    // Server CPU during each phase, in ms a second: what the flood costs the process that serves everyone.
    const cpu0 = cpuMs(server.pid);
    const quiet = await stream();
    const cpu1 = cpuMs(server.pid);
    const [loud, flooded] = await Promise.all([stream(), student.flood(PHASE_MS)]);
    const cpu2 = cpuMs(server.pid);
    const perSecond = (ms: number) => `${((ms / PHASE_MS) * 1000).toFixed(0)} ms/s`;

    const line = (f: Figures) =>
      `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.done} saves, ${f.errors} errors`;
    const ratio = loud.p50 / quiet.p50;
    const statuses = Object.entries(flooded.statuses)
      .map(([s, n]) => `${n} × ${s === '0' ? 'cut' : s}`)
      .join(', ');
    record(
      `autosave flood: ${CALM} classmates at ${RATE} saves/s, no flood (floor)`,
      `${line(quiet)}; server CPU ${perSecond(cpu1 - cpu0)}`,
      '',
      null,
    );
    record(
      `autosave flood: the same with one student flooding (${FLOOD_CONNECTIONS} connections: 1 MB, ${flooded.justUnderKb} kB, small)`,
      `${line(loud)}; p50 with/without = ${ratio.toFixed(2)}; the flood: ${flooded.sent} saves answered ${statuses}; server CPU ${perSecond(cpu2 - cpu1)}`,
      'p50 ≤ 2 × floor, classmates no errors, flood no 5xx',
      ratio <= 2 &&
        quiet.errors === 0 &&
        loud.errors === 0 &&
        !Object.keys(flooded.statuses).some((s) => Number(s) >= 500),
    );
    await recordAcksStored(c, side, acks);
  } finally {
    student?.kill();
    await c.end().catch(() => undefined);
    await stop(server);
  }
}
