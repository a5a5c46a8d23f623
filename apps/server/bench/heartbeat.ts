// The study heartbeat (issue 31): 2,000 students of a class watch the same course video, and the player reports what
// each watched since its last beat (`course_study/heartbeat`), beside a floor (heartbeat-floor.ts) that checks the
// token and runs the same statements — the server's own read and the one-statement write — over the same database.
//
// The player beats every 15 s; here the beats are scaled down to as fast as the server answers: 50 beats in flight,
// the students in turn, the two sides taking turns round by round (a round: every student's next beat), so a student beats again once the other 1,999 have (a couple of seconds later at the rates
// seen), never sooner than 0.6 s after their previous beat was answered. Each beat reports the next second of the
// video ([j, j + 1] for beat j) — less than the clock cap (2 × the time since the last beat) allows at that spacing,
// so every second sent is credited and the end state is known: a first beat that opens the courseware (credits
// nothing, not measured), then ROUNDS measured beats crediting one second each. Afterwards every student's row is
// checked: exactly [[1, ROUNDS + 1]] watched (no beat lost), and time spent no more than the clock between their first
// and last beat (no beat counted twice).
//
// The video sits where the locks must be weighed: in section 2.1 of a chapter with the prerequisite switch on (the
// chapter before it complete for every student: its text opened) and a release date to the class (past), in a course
// of six chapters. Each side beats its own video of that section. Budget: ours ≥ 0.8 × the floor (ARCHITECTURE §9,
// the floor running the same SQL), no errors.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { agent, closedLoop, cpuMeter, type Figures, type Job, send } from './driver.ts';
import { hostReady, sqlOf } from './embedded-host.ts';
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

/** 2024级1班, where seedExamStudents puts its 2,000 students (teacher1's class). */
const CLASS = '70140';
const CONCURRENCY = 50;
/** Measured beats a student sends on each side, after the first one. */
const ROUNDS = 5;
/** The least time between a student's beats (answer to next send): the clock cap then allows one second. */
const SPACING_MS = 600;

interface Course {
  courseId: string;
  opener: string;
  opened: string;
  ours: string;
  floor: string;
}

/**
 * teacher1's course through the API: 第一章 导学 (a text, complete once opened), 第二章 零件图 (prerequisite on,
 * released to the class a day ago) whose 2.1 holds the two videos, and four more chapters of two sections with a
 * video each; published.
 */
async function seedCourse(port: number, teacher: string): Promise<Course> {
  const api = async (url: string, body: unknown) => {
    const res = await send(port, 'POST', `/api/jd/pc/${url}`, teacher, body);
    const parsed = JSON.parse(res.body) as { success: boolean; data: { id: string } };
    if (res.status !== 200 || !parsed.success) throw new Error(`bench: ${url} → ${res.status} ${res.body}`);
    return parsed.data.id;
  };
  const topic = (courseId: string, name: string, parentId = '0', locked = 0) =>
    api('course_sub/submit', { courseId, name, parentId, locked });
  const video = (courseSubId: string, name: string) =>
    api('courseware/submit', {
      courseSubId,
      name,
      kind: 'link',
      link: 'https://video.example.com/bench.mp4',
      duration: 1800,
      completion: { kind: 'share', value: 90 },
    });
  const courseId = await api('course/submit', { name: '基准课程：机械制图', classes: [{ classId: CLASS }] });
  const opener = await topic(courseId, '第一章 导学');
  const opened = await api('courseware/submit', {
    courseSubId: opener,
    name: '课程导学',
    kind: 'richtext',
    content: '<p>本课程的学习方法</p>',
  });
  const chapter = await topic(courseId, '第二章 零件图', '0', 1);
  const section = await topic(courseId, '2.1 视图表达', chapter);
  await topic(courseId, '2.2 尺寸标注', chapter);
  const ours = await video(section, '视图表达（一）');
  const floor = await video(section, '视图表达（二）');
  for (let c = 3; c <= 6; c++) {
    const more = await topic(courseId, `第${'三四五六'[c - 3]}章`, '0', 1);
    for (let k = 1; k <= 2; k++) await video(await topic(courseId, `${c}.${k} 小节`, more), `${c}.${k} 讲解`);
  }
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await api('course/submit', { id: courseId, classes: [{ classId: CLASS, releases: { [chapter]: yesterday } }] });
  await api('course/publish', { id: courseId, published: 1 });
  return { courseId, opener, opened, ours, floor };
}

/** Every student opened 第一章's text already (its row completed), so 第二章 is open to them. */
async function seedOpened(c: pg.Client, course: Course, students: Student[]): Promise<void> {
  await c.query(
    `insert into course_study (id, tenant_id, course_id, course_sub_id, courseware_id, user_id, completed,
                               completed_by, complete_time, beat_time)
       select 53000000 + g, '000000', $1, $2, $3, u, 1, 'opened', now(), now()
       from unnest($4::bigint[]) with ordinality as s(u, g)`,
    [course.courseId, course.opener, course.opened, `{${students.map((s) => s.userId).join(',')}}`],
  );
  await c.query('analyze course_study', []);
}

/** Each student's clock on one side: when their first beat left, when their last one was answered. */
interface Clock {
  firstSent: number[];
  lastAnswered: number[];
}

/** Beat k goes to student k % 2,000 with their beat number `from + k / 2,000`: the next second of the video. */
function beatJob(port: number, url: string, students: Student[], coursewareId: string, clock: Clock, from: number) {
  const job: Job = async (k) => {
    const i = k % students.length;
    const j = from + Math.floor(k / students.length);
    const wait = clock.lastAnswered[i]! + SPACING_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    clock.firstSent[i] ??= performance.now();
    const res = await send(port, 'POST', url, students[i]!.token, {
      coursewareId,
      ranges: [[j, j + 1]],
      position: j + 1,
    });
    clock.lastAnswered[i] = performance.now();
    return res;
  };
  return job;
}

/** Every student's row of a video: [[1, ROUNDS + 1]] watched, time spent within their clock. */
async function verify(label: string, c: pg.Client, coursewareId: string, students: Student[], clock: Clock) {
  const { rows } = await c.query(
    'select user_id::text as user_id, ranges, seconds from course_study where courseware_id = $1',
    [coursewareId],
  );
  const byUser = new Map(rows.map((r) => [String(r.user_id), r as { ranges: number[][]; seconds: number }]));
  const want = JSON.stringify([[1, ROUNDS + 1]]);
  let right = 0;
  let spent = 0;
  for (const [i, s] of students.entries()) {
    const row = byUser.get(s.userId);
    if (!row) continue;
    spent += row.seconds;
    // Each beat's seconds are rounded: up to half a second each over the clock.
    const span = (clock.lastAnswered[i]! - clock.firstSent[i]!) / 1000 + (ROUNDS + 1) / 2;
    if (JSON.stringify(row.ranges) === want && row.seconds >= 0 && row.seconds <= span) right++;
  }
  record(
    `${label}: study rows after ${ROUNDS + 1} beats each (${ROUNDS} s of video credited, time spent within the clock)`,
    `${right} of ${students.length} right; ${(spent / students.length).toFixed(1)} s spent a student on average`,
    'all',
    right === students.length,
  );
}

/** One side under test: where it answers, its process, and each student's clock on it. */
interface Side {
  port: number;
  pid: number | undefined;
  url: string;
  coursewareId: string;
  clock: Clock;
  rounds: Figures[];
}

/** Every student's first beat on a side (rows created): not measured. */
async function firstBeats(side: Side, students: Student[]) {
  const f = await closedLoop(beatJob(side.port, side.url, students, side.coursewareId, side.clock, 0), {
    concurrency: CONCURRENCY,
    count: students.length,
  });
  if (f.errors) throw new Error(`bench: ${f.errors} first beats failed`);
}

/** Round r on a side: every student's beat r, measured, with the CPU it took. */
async function round(c: pg.Client, side: Side, students: Student[], r: number) {
  const meter = await cpuMeter(c, side.pid);
  const f = await closedLoop(beatJob(side.port, side.url, students, side.coursewareId, side.clock, r), {
    concurrency: CONCURRENCY,
    count: students.length,
  });
  side.rounds.push({ ...f, cpu: (await meter(f.done)).replace('a request', 'a beat') });
}

/**
 * A side's rounds together: beats over the time they took, the median round's p50 and the worst round's p99, the
 * last round's CPU.
 */
function overall(side: Side): Figures {
  const done = side.rounds.reduce((n, f) => n + f.done, 0);
  const seconds = side.rounds.reduce((n, f) => n + f.done / f.rate, 0);
  const p50s = side.rounds.map((f) => f.p50).sort((a, b) => a - b);
  return {
    rate: done / seconds,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...side.rounds.map((f) => f.p99)),
    errors: side.rounds.reduce((n, f) => n + f.errors, 0),
    done,
    cpu: side.rounds.at(-1)?.cpu,
  };
}

/**
 * Seeds the students and the course, then beats through both sides: every student's first beat on each (not
 * measured), then ROUNDS rounds taking turns; checks every row afterwards.
 */
async function measure(
  dbLabel: string,
  c: pg.Client,
  server: { port: number; pid: number | undefined },
  floor: { port: number; pid: number | undefined },
): Promise<void> {
  const teacher = await signIn(`http://127.0.0.1:${server.port}`, 'teacher1', md5Teacher);
  const students = await seedExamStudents(c);
  const course = await seedCourse(server.port, teacher);
  await seedOpened(c, course, students);
  console.log(`· ${students.length.toLocaleString('en')} students, course ${course.courseId} published`);
  const clock = (): Clock => ({ firstSent: [], lastAnswered: students.map(() => 0) });
  const base: Side = { ...floor, url: '/floor/heartbeat', coursewareId: course.floor, clock: clock(), rounds: [] };
  const ours: Side = {
    ...server,
    url: '/api/jd/pc/course_study/heartbeat',
    coursewareId: course.ours,
    clock: clock(),
    rounds: [],
  };
  await firstBeats(base, students);
  await firstBeats(ours, students);
  // The sides take turns round by round (the floor first in odd rounds, ours in even ones), so that other work on
  // the machine weighs on both alike.
  for (let r = 1; r <= ROUNDS; r++)
    for (const side of r % 2 ? [base, ours] : [ours, base]) await round(c, side, students, r);
  const embedded = server.pid === floor.pid;
  // PGlite has no backends of its own: its CPU is the host process's, counted as the server's.
  const cpu = (f: Figures) =>
    embedded ? { ...f, cpu: f.cpu?.replace(/database [\d.]+ ms/, 'database in the server') } : f;
  const mine = cpu(overall(ours));
  const bare = cpu(overall(base));
  const line = (f: Figures) =>
    `${f.rate.toFixed(0)} beats/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.errors} errors of ${f.done}; ${f.cpu}`;
  const ratio = mine.rate / bare.rate;
  const label = `${dbLabel}: study heartbeat (${students.length.toLocaleString('en')} students, ${CONCURRENCY} beats in flight)`;
  record(`${label}: floor (token check + the same two statements)`, line(bare), '', null);
  record(
    `${label}: ours`,
    `${line(mine)}; ours/floor = ${ratio.toFixed(2)}`,
    '≥ 0.8 × floor, no errors',
    ratio >= 0.8 && mine.errors === 0 && bare.errors === 0,
  );
  await verify(`${label}: ours`, c, course.ours, students, ours.clock);
  await verify(`${label}: floor`, c, course.floor, students, base.clock);
}

/** On PostgreSQL: the built server, and the floor in a process of its own with a pool of its own. */
export async function heartbeatBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: '8350', DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  let floor: ChildProcess | undefined;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor('http://127.0.0.1:8350/api/health', 60_000);
    await c.connect();
    floor = fork(path.join(here, 'heartbeat-floor.ts'), [], {
      env: {
        ...process.env,
        BENCH_HEARTBEAT_FLOOR: '1',
        PORT: '8351',
        DATABASE_URL,
        JWT_SECRET,
        FLOOR_CLASS_IDS: CLASS,
      },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => floor!.once('message', () => resolve()));
    await measure('PostgreSQL', c, { port: 8350, pid: server.pid }, { port: 8351, pid: floor.pid });
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    floor?.kill('SIGTERM');
    agent.destroy();
  }
}

/** On the embedded default (no PostgreSQL): the server and the floor in one forked process, on one PGlite. */
export async function heartbeatEmbeddedBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shixun-bench-'));
  const child = fork(path.join(here, 'heartbeat-floor.ts'), [], {
    env: {
      ...process.env,
      BENCH_HEARTBEAT_HOST: '1',
      PORT: '8352',
      FLOOR_PORT: '8353',
      DATA_DIR: dataDir,
      JWT_SECRET,
      FLOOR_CLASS_IDS: CLASS,
    },
    // BENCH_SERVER_ARGS: node flags for the server under test, as startServer passes them.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  try {
    await hostReady(child);
    await measure('embedded PGlite', sqlOf(child), { port: 8352, pid: child.pid }, { port: 8353, pid: child.pid });
  } finally {
    await stop(child);
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
