// A teacher's analysis during an exam (issue 25 §3): 2,000 students autosave at a steady rate while four teachers
// open 成绩分析 (the analysis and the first page of students) and export it, over and over, on the same instance.
import { tmpdir } from 'node:os';
import pg from 'pg';
import { agent, closedLoop, cpuMeter, type Figures, figures, pacedLoop, type Run, send } from './driver.ts';
import {
  EXAM_STUDENTS,
  type ExamSide,
  examPaper,
  paperOf,
  type Student,
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
  stop,
  waitFor,
} from './shared.ts';

const PORT = 8314;
/** Saves a second across the class, as in the restart scenario: each student saves about every 6.7 s. */
const RATE = 300;
const WINDOW_MS = 15_000;
const TEACHERS = 4;
/** A teacher reads what opened before the next click (the old analysis held the instance for 1.6–2.2 s a click). */
const THINK_MS = 1000;
/** Students who hand in the finished exam; the rest are absent. */
const SUBMITTING = 0.9;

const side = (assignmentId: string, c: pg.Client, students: Student[]) =>
  serverSide(
    PORT,
    c,
    assignmentId,
    students.map((s) => s.userId),
  );

/**
 * A finished exam worth analysing: every student opens it and answers all 100 questions, right with a chance that
 * grows with the student's ability and falls with the question's difficulty (so questions discriminate); nine in ten
 * hand in (graded on submission), the rest are absent.
 */
async function finishedExam(exam: ExamSide, students: Student[]): Promise<void> {
  const opened = await closedLoop(paperOf(exam, students), { concurrency: 50, count: EXAM_STUDENTS });
  if (opened.errors) throw new Error(`bench: ${opened.errors} students could not open the finished exam`);
  const right = (k: number, j: number) => {
    const ability = (k % 97) / 96;
    const ease = 1 - j / exam.questions.length;
    const dice = ((k * 7919 + j * 104_729) % 1000) / 1000;
    return dice < 0.15 + 0.5 * ability + 0.3 * ease;
  };
  const answered = await closedLoop(
    (k) =>
      send(PORT, 'POST', exam.save, students[k]!.token, {
        paperStudentId: exam.attempts[k]!,
        answers: exam.questions.map((q, j) => ({
          questionId: q.id,
          answer: right(k, j) ? q.key : q.options.find((o) => o !== q.key)!,
          seq: 1,
        })),
      }),
    { concurrency: 20, count: EXAM_STUDENTS },
  );
  if (answered.errors) throw new Error(`bench: answering the finished exam failed ${answered.errors} times`);
  const handing = Math.round(EXAM_STUDENTS * SUBMITTING);
  const submitted = await closedLoop(
    (k) => send(PORT, 'POST', exam.submit, students[k]!.token, { paperStudentId: exam.attempts[k]!, answers: [] }),
    { concurrency: 20, count: handing },
  );
  if (submitted.errors) throw new Error(`bench: handing in the finished exam failed ${submitted.errors} times`);
}

interface Call {
  ms: number[];
  bytes: number;
  errors: number;
  firstError?: string;
}
const call = (): Call => ({ ms: [], bytes: 0, errors: 0 });

/** One teacher call, timed and sized (the body as sent, uncompressed); anything but a 200 is an error. */
async function timed(into: Call, teacher: string, url: string): Promise<void> {
  const started = performance.now();
  const res = await send(PORT, 'GET', url, teacher);
  into.ms.push(performance.now() - started);
  into.bytes = Buffer.byteLength(res.body);
  if (res.status !== 200) {
    into.errors++;
    into.firstError ??= `${res.status} ${res.body.slice(0, 200)}`;
  }
}

const describeCall = (c: Call) => {
  const f = figures({ done: c.ms.length, errors: c.errors, ms: 1, latencies: c.ms, firstError: c.firstError } as Run);
  // The first call works the figures out (and builds the file); later ones find them remembered while nothing changes.
  return (
    `${c.ms.length} calls, first ${c.ms[0]?.toFixed(0)} ms, p50 ${f.p50.toFixed(0)} ms, ` +
    `max ${Math.max(...c.ms).toFixed(0)} ms, ${(c.bytes / 1024).toFixed(1)} kB, ${c.errors} errors`
  );
};

/**
 * Budget: autosave p99 with four teachers analysing and exporting within 2× of the same stream without them, no
 * errors. Also reported: the analysis, its first page of students and the export, alone and under that load.
 */
export async function analysisBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: String(PORT), DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`, 60_000);
    const teacher = await signIn(`http://127.0.0.1:${PORT}`, 'teacher1', md5Teacher);
    await c.connect();
    const students = await seedExamStudents(c);
    const assign = await examPaper(PORT, teacher, await seedExamQuestions(c));
    const finished = await assign();
    const live = await assign();
    await c.query('analyze paper_student; analyze paper_teacher_question; analyze question_item_inst');
    const started = performance.now();
    await finishedExam(await side(finished.id, c, students), students);
    console.log(`· the finished exam answered and handed in: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await c.query('analyze paper_student; analyze paper_student_question');
    const exam = await side(live.id, c, students);
    const opened = await closedLoop(paperOf(exam, students), { concurrency: 50, count: EXAM_STUDENTS });
    if (opened.errors) throw new Error(`bench: ${opened.errors} students could not open the live exam`);
    // What autovacuum would do soon after the bulk of answers, and a first stream unmeasured: both windows then
    // start alike.
    await c.query('vacuum analyze paper_student_question');
    await c.query('vacuum analyze paper_student');
    await pacedLoop(saveOf(exam, students), RATE, 5_000);

    const results = `/api/jd/pc/paper_teacher/results/${finished.id}`;
    const urls = {
      analysis: results,
      firstPage: `${results}/students?current=1&size=20`,
      export: `${results}/export`,
    };
    const alone = { analysis: call(), firstPage: call(), export: call() };
    for (let i = 0; i < 3; i++)
      for (const key of ['analysis', 'firstPage', 'export'] as const) await timed(alone[key], teacher, urls[key]);
    const [check] = [JSON.parse((await send(PORT, 'GET', urls.analysis, teacher)).body)] as {
      data: { summary: { students: number; submitted: number; mean: number } };
    }[];
    console.log(`· the finished exam: ${JSON.stringify(check!.data.summary)}`);

    const label = `autosave at ${RATE}/s across ${EXAM_STUDENTS.toLocaleString('en')} students (${WINDOW_MS / 1000} s)`;
    const metered = async (loop: () => Promise<Figures>): Promise<Figures> => {
      const meter = await cpuMeter(c, server.pid);
      const f = await loop();
      return { ...f, cpu: await meter(f.done) };
    };
    const quiet = await metered(() => pacedLoop(saveOf(exam, students), RATE, WINDOW_MS));
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const think = () => sleep(THINK_MS);
    const [oneAttempt] = (
      await c.query('select id from paper_student where paper_teacher_id = $1 limit 1', [finished.id])
    ).rows;
    /**
     * The stream again with the teachers clicking. `changing`: an attempt of the analysed exam changes before each
     * click (as while it is still handed in or marked), so every open works the figures out afresh.
     */
    const withTeachers = async (changing: boolean) => {
      const busy = { analysis: call(), firstPage: call(), export: call() };
      const until = performance.now() + WINDOW_MS;
      const touch = () =>
        changing && c.query('update paper_student set update_time = clock_timestamp() where id = $1', [oneAttempt.id]);
      // Four people, not one script: each starts at their own moment of the cycle.
      const teacherLoop = async (_: unknown, i: number) => {
        await sleep((i * 2 * THINK_MS) / TEACHERS);
        while (performance.now() < until) {
          await touch();
          // Opening 成绩分析 asks for both at once, as the page does.
          await Promise.all([
            timed(busy.analysis, teacher, urls.analysis),
            timed(busy.firstPage, teacher, urls.firstPage),
          ]);
          await think();
          await touch();
          await timed(busy.export, teacher, urls.export);
          await think();
        }
      };
      const [saves] = await Promise.all([
        metered(() => pacedLoop(saveOf(exam, students), RATE, WINDOW_MS)),
        ...Array.from({ length: TEACHERS }, teacherLoop),
      ]);
      return { saves, busy };
    };
    const { saves: loaded, busy } = await withTeachers(false);
    const { saves: afresh, busy: busyAfresh } = await withTeachers(true);
    // CPU a save: with teachers it carries their share too.
    const line = (f: Figures) =>
      `${f.done.toLocaleString('en')} saves, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.errors} errors; ${f.cpu}`;
    const ratio = loaded.p99 / quiet.p99;
    const teachers = `${TEACHERS} teachers opening 成绩分析 and exporting it over and over (${THINK_MS / 1000} s between clicks)`;
    record(`${label}, no teachers`, line(quiet), '', null);
    record(
      `${label}, ${teachers}`,
      `${line(loaded)}; p99 with/without = ${ratio.toFixed(2)}`,
      'p99 ≤ 2 × without, no errors',
      ratio <= 2 && loaded.errors === 0 && quiet.errors === 0,
    );
    record(
      `${label}, ${teachers}, the figures worked out afresh at every click`,
      `${line(afresh)}; p99 with/without = ${(afresh.p99 / quiet.p99).toFixed(2)}; ` +
        `成绩分析 ${describeCall(busyAfresh.analysis)}; export ${describeCall(busyAfresh.export)}`,
      '',
      null,
    );
    const calls = {
      analysis: '成绩分析 (analysis)',
      firstPage: 'its first page of students',
      export: 'the Excel export',
    };
    for (const key of ['analysis', 'firstPage', 'export'] as const) {
      record(
        `${calls[key]} of ${EXAM_STUDENTS.toLocaleString('en')} students, alone`,
        describeCall(alone[key]),
        '',
        null,
      );
      record(
        `${calls[key]}, ${TEACHERS} teachers during the autosave stream`,
        describeCall(busy[key]),
        'no errors',
        busy[key].errors === 0 && alone[key].errors === 0,
      );
    }
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    agent.destroy();
  }
}
