// A restart under load (issue 25 §3): 2,000 students mid-exam autosave at a steady rate while the server is stopped
// with SIGTERM (as a deploy stops it) and started again; the stream goes on throughout.
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { agent, closedLoop, cpuMeter, figures, type Job, type Run } from './driver.ts';
import {
  type Acks,
  EXAM_STUDENTS,
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
  JWT_SECRET,
  md5Teacher,
  record,
  signIn,
  startServer,
  waitFor,
} from './shared.ts';

const PORT = 8312;
/** Saves a second across the class: each student saves about every 6.7 s, as the exam page does while answering. */
const RATE = 300;
/** How long before the restart and after the server answers again the stream is measured. */
const WINDOW_MS = 10_000;
/** BENCH_RESTART_SIGNAL=SIGKILL for a crash instead of a deploy. */
const SIGNAL = process.env.BENCH_RESTART_SIGNAL === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sent {
  /** When the save was due to leave (its latency counts from then). */
  at: number;
  ms: number;
  status: number;
  error?: string;
}

/**
 * Open loop at a fixed rate until stopped (a server that is down or behind shows in the latencies and errors, not as
 * a slower sender); nothing is retried. `unanswered(t)` counts the saves due before t still waiting for an answer.
 */
function steadyStream(job: Job, rate: number) {
  const sent: Sent[] = [];
  const inFlight = new Map<Promise<void>, number>();
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    for (let k = 0; running; await sleep(1)) {
      const due = Math.floor(((performance.now() - started) * rate) / 1000) + 1;
      for (; k < due; k++) {
        const at = started + (k * 1000) / rate;
        const done = job(k).then(
          (res) => {
            const error = res.status === 200 ? undefined : `${res.status} ${res.body.slice(0, 200)}`;
            sent.push({ at, ms: performance.now() - at, status: res.status, error });
          },
          (e) => void sent.push({ at, ms: performance.now() - at, status: 0, error: String(e) }),
        );
        inFlight.set(done, at);
        void done.finally(() => inFlight.delete(done));
      }
    }
  })();
  return {
    unanswered: (t: number) => [...inFlight.values()].filter((at) => at < t).length,
    /** Stops sending, waits for the saves in flight and gives every save, in the order they were due. */
    async stop(): Promise<Sent[]> {
      running = false;
      await loop;
      await Promise.all(inFlight.keys());
      return sent.sort((a, b) => a.at - b.at);
    },
  };
}

function phase(sent: Sent[]): Run {
  const failed = sent.filter((s) => s.error);
  return {
    done: sent.length,
    errors: failed.length,
    ms: sent.length ? sent[sent.length - 1]!.at - sent[0]!.at : 0,
    latencies: sent.map((s) => s.ms),
    firstError: failed[0]?.error,
  };
}

function stopWith(p: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (p.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.once('exit', () => resolve());
    p.kill(signal);
  });
}

/**
 * Budget: p99 of the saves sent in the 10 s after the server answers again ≤ 1 s, none of them refused, and every
 * acknowledged save (before and after) in the database. The saves sent while it is down fail (nothing listens).
 */
export async function restartBench(): Promise<void> {
  await ensureDatabase();
  const env = { PORT: String(PORT), DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET };
  const health = `http://127.0.0.1:${PORT}/api/health`;
  let server = startServer(env);
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor(health, 60_000);
    const teacher = await signIn(`http://127.0.0.1:${PORT}`, 'teacher1', md5Teacher);
    await c.connect();
    const students = await seedExamStudents(c);
    const assign = await examPaper(PORT, teacher, await seedExamQuestions(c));
    const assignment = await assign();
    await c.query('analyze paper_student; analyze paper_teacher_question; analyze question_item_inst');
    const side = await serverSide(
      PORT,
      c,
      assignment.id,
      students.map((s) => s.userId),
    );
    // Mid-exam: every student has opened the paper (starting their attempt).
    const opened = await closedLoop(paperOf(side, students), { concurrency: 50, count: EXAM_STUDENTS });
    if (opened.errors) throw new Error(`bench: ${opened.errors} students could not open the paper`);

    const acks: Acks = { best: new Map(), saves: 0 };
    const stream = steadyStream(saveOf(side, students, acks), RATE);
    // The window before: 10 s of saves after 2 s of warming up, all answered before the server is stopped.
    const beforeFrom = performance.now() + 2_000;
    const beforeTo = beforeFrom + WINDOW_MS;
    await sleep(beforeFrom - performance.now());
    const meterBefore = await cpuMeter(c, server.pid);
    await sleep(beforeTo - performance.now());
    const cpuBefore = await meterBefore(RATE * (WINDOW_MS / 1000));
    while (stream.unanswered(beforeTo) > 0 && performance.now() < beforeTo + 30_000) await sleep(50);
    const stoppedAt = performance.now();
    await stopWith(server, SIGNAL);
    const exitedAt = performance.now();
    server = startServer(env);
    await waitFor(health, 60_000);
    const upAt = performance.now();
    const meterAfter = await cpuMeter(c, server.pid);
    await sleep(WINDOW_MS);
    const cpuAfter = await meterAfter(RATE * (WINDOW_MS / 1000));
    await sleep(500);
    const sent = await stream.stop();

    const before = figures(phase(sent.filter((s) => s.at >= beforeFrom && s.at < beforeTo)));
    const down = sent.filter((s) => s.at >= stoppedAt && s.at < upAt);
    // Saves in flight when the server stopped (graceful: those it had begun are answered; those still queued are cut).
    const cut = sent.filter((s) => s.at >= beforeTo && s.at < stoppedAt && s.error);
    const after = figures(phase(sent.filter((s) => s.at >= upAt && s.at < upAt + WINDOW_MS)));
    const label = `autosave at ${RATE}/s across ${EXAM_STUDENTS.toLocaleString('en')} students mid-exam, restart (${SIGNAL})`;
    const line = (f: ReturnType<typeof figures>) =>
      `${f.done.toLocaleString('en')} saves, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.errors} errors`;
    record(`${label}: ${WINDOW_MS / 1000} s before`, `${line(before)}; ${cpuBefore}`, '', null);
    record(
      `${label}: stopped → answering again`,
      `${((upAt - stoppedAt) / 1000).toFixed(1)} s (${((exitedAt - stoppedAt) / 1000).toFixed(1)} s to exit, ` +
        `${((upAt - exitedAt) / 1000).toFixed(1)} s to start); ${down.length} saves sent meanwhile, ` +
        `${down.filter((s) => s.error).length} of them failed, and ${cut.length} sent just before the stop (none retried)`,
      '',
      null,
    );
    record(
      `${label}: the ${WINDOW_MS / 1000} s after it answers again`,
      `${line(after)}; ${cpuAfter}`,
      'p99 ≤ 1 s, no errors',
      after.p99 <= 1000 && after.errors === 0 && after.done > 0,
    );
    await recordAcksStored(c, side, acks);
  } finally {
    await c.end().catch(() => {});
    await stopWith(server, 'SIGTERM');
    agent.destroy();
  }
}
