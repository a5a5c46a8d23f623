// Exams (ARCHITECTURE §8–§9): 2,000 students open, autosave and submit a 100-question paper, each beside a floor.
import { type ChildProcess, fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { agent, closedLoop, cpuMeter, type Figures, pacedLoop, send } from './driver.ts';
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

export const EXAM_STUDENTS = 2000;
const EXAM_QUESTIONS = 100;
const EXAM_CLASS = '70140';
const STUDENT_ROLE = '70002';
const CONCURRENCY = 50;

export interface Student {
  userId: string;
  account: string;
  token: string;
}

/**
 * 2,000 students in 2024级1班 (teacher1's), straight into the tables, each with a session and an access token signed
 * as core/auth/tokens.ts signs them — no 2,000 password sign-ins.
 */
export async function seedExamStudents(c: pg.Client): Promise<Student[]> {
  const [cls] = (await c.query('select school_id from exam_clazz where id = $1', [EXAM_CLASS])).rows;
  await c.query(
    `insert into sys_user (id, tenant_id, account, password_hash, name, real_name)
       select 23000000 + g, '000000', 'exam' || g, 'x', '考生' || g, '考生' || g
       from generate_series(1, $1::int) g on conflict do nothing`,
    [EXAM_STUDENTS],
  );
  await c.query(
    `insert into sys_user_role (user_id, role_id) select 23000000 + g, $2 from generate_series(1, $1::int) g
       on conflict do nothing`,
    [EXAM_STUDENTS, STUDENT_ROLE],
  );
  await c.query(
    `insert into exam_student (id, tenant_id, user_id, school_id, class_id, student_no)
       select 33000000 + g, '000000', 23000000 + g, $2, $3, 'E' || lpad(g::text, 5, '0')
       from generate_series(1, $1::int) g on conflict do nothing`,
    [EXAM_STUDENTS, cls.school_id, EXAM_CLASS],
  );
  await c.query(
    `insert into auth_session (id, tenant_id, user_id, client_id, refresh_hash, expires_at)
       select 43000000 + g, '000000', 23000000 + g, 'saber', md5(random()::text) || md5(random()::text),
              now() + interval '1 day'
       from generate_series(1, $1::int) g on conflict do nothing`,
    [EXAM_STUDENTS],
  );
  await c.query('analyze sys_user; analyze exam_student; analyze auth_session; analyze sys_user_role');
  const key = new TextEncoder().encode(JWT_SECRET);
  return Promise.all(
    Array.from({ length: EXAM_STUDENTS }, async (_, i) => {
      const userId = String(23000001 + i);
      const token = await new SignJWT({ tid: '000000', sid: String(43000001 + i) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer('shixun')
        .setIssuedAt()
        .setExpirationTime('7200s')
        .sign(key);
      return { userId, account: `exam${i + 1}`, token };
    }),
  );
}

/** 100 single-choice questions (4 options, the key moving through them) in teacher1's 机械基础题库. */
export async function seedExamQuestions(c: pg.Client): Promise<string[]> {
  await c.query(
    `insert into question (id, tenant_id, lib_id, type, stem, difficulty, score, search_tokens, create_user)
       select 60000000 + g, '000000', 71100, 'single',
              '<p>基准考试第 ' || g || ' 题：公差带的位置由下列哪一项确定？$\\pm 0.0' || g % 10 || '$</p>', 3, 1,
              array['基准', '考试', g::text], 70200
       from generate_series(1, $1::int) g on conflict do nothing`,
    [EXAM_QUESTIONS],
  );
  await c.query(
    `insert into question_item (id, tenant_id, question_id, sort, content, is_answer, create_user)
       select 61000000 + g * 10 + k, '000000', 60000000 + g, k, '<p>选项 ' || k || '：基本偏差与标准公差的组合</p>',
              (k = g % 4)::int, 70200
       from generate_series(1, $1::int) g, generate_series(0, 3) k on conflict do nothing`,
    [EXAM_QUESTIONS],
  );
  return Array.from({ length: EXAM_QUESTIONS }, (_, i) => String(60000001 + i));
}

export interface ExamSide {
  port: number;
  pid?: number;
  paper: string;
  save: string;
  submit: string;
  /** Each student's attempt, by student index. */
  attempts: string[];
  /** Saves sent so far: each save goes to the next (attempt, question), so the phases write different answers. */
  saves: number;
  /** The assignment's questions (paper_teacher_question ids), each with its option ids and its key. */
  questions: { id: string; options: string[]; key: string }[];
}

/** An assignment's attempts (by student) and questions, from the tables. */
export async function examSide(c: pg.Client, assignmentId: string, userIds: string[]) {
  const attempts = await c.query('select id, user_id from paper_student where paper_teacher_id = $1', [assignmentId]);
  const byUser = new Map(attempts.rows.map((r) => [String(r.user_id), String(r.id)]));
  const questions = await c.query(
    `select t.id, array_agg(i.id::text order by i.sort, i.id) as options,
            (array_agg(i.id::text) filter (where i.is_answer = 1))[1] as key
       from paper_teacher_question t join question_item_inst i on i.question_inst_id = t.question_inst_id
      where t.paper_teacher_id = $1 group by t.id, t.sort order by t.sort`,
    [assignmentId],
  );
  return {
    attempts: userIds.map((u) => byUser.get(u)!),
    questions: questions.rows.map((r) => ({ id: String(r.id), options: r.options as string[], key: r.key as string })),
  };
}

/** The real server's exam calls on `port`, for an assignment's students. */
export async function serverSide(
  port: number,
  c: pg.Client,
  assignmentId: string,
  userIds: string[],
): Promise<ExamSide> {
  return {
    port,
    paper: '/api/jd/pc/paper_student_question/exam_paper',
    save: '/api/jd/pc/paper_student_question/save_answers',
    submit: '/api/jd/pc/paper_student_question/submit_exam',
    saves: 0,
    ...(await examSide(c, assignmentId, userIds)),
  };
}

/**
 * teacher1's paper of the seeded questions in one section; the function returned assigns it to the exam class (open
 * for the next three hours, questions and options shuffled), once per call.
 */
export async function examPaper(
  port: number,
  teacher: string,
  questionIds: string[],
): Promise<() => Promise<{ id: string }>> {
  const api = async (url: string, body: unknown) => {
    const res = await send(port, 'POST', url, teacher, body);
    const parsed = JSON.parse(res.body) as { success: boolean; data: { id: string } };
    if (res.status !== 200 || !parsed.success) throw new Error(`bench: ${url} → ${res.status} ${res.body}`);
    return parsed.data;
  };
  const paper = await api('/api/exam/pc/paper/save', {
    title: '基准考试（100 题）',
    paperType: 'exam',
    duration: 120,
  });
  const section = await api('/api/exam/pc/paper/title/save', { paperId: paper.id, name: '一、单项选择题' });
  await api('/api/exam/pc/paper/title/importQuestion', {
    paperId: paper.id,
    titleId: section.id,
    questionIds,
  });
  return () =>
    api('/api/jd/pc/paper_teacher/add_batch', {
      paperId: paper.id,
      classIds: [EXAM_CLASS],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      shuffleQuestions: 1,
      shuffleOptions: 1,
      // Scores out after the close (an exam's usual rule): submitting collects no wrong answers yet.
      releaseRule: 'after_close',
    });
}

/** A student's paper (`exam_paper`): request k opens student k's attempt of this side. */
export const paperOf = (side: ExamSide, students: Student[]) => (k: number) =>
  send(side.port, 'GET', `${side.paper}?paperStudentId=${side.attempts[k]}`, students[k]!.token);

/** What the server acknowledged: each (attempt, question)'s highest acknowledged seq, and how many saves. */
export interface Acks {
  best: Map<string, number>;
  saves: number;
}

let seq = 0;
/**
 * Autosave, one answer a save: save k of a side goes to the next (attempt, question) with a rising seq, spread over
 * the students, so that phases write different answers. With `acks`, what the server acknowledges is kept.
 */
export const saveOf = (side: ExamSide, students: Student[], acks?: Acks) => async () => {
  const k = side.saves++;
  const s = k % students.length;
  const q = side.questions[(Math.floor(k / students.length) * 7 + s) % side.questions.length]!;
  const body = {
    paperStudentId: side.attempts[s]!,
    answers: [{ questionId: q.id, answer: q.options[k % q.options.length]!, seq: ++seq }],
  };
  const res = await send(side.port, 'POST', side.save, students[s]!.token, body);
  if (acks && res.status === 200) {
    const ack = JSON.parse(res.body) as { success: boolean; data: { acked: { questionId: string; seq: number }[] } };
    for (const a of ack.success ? ack.data.acked : []) {
      const key = `${body.paperStudentId}:${a.questionId}`;
      acks.best.set(key, Math.max(acks.best.get(key) ?? 0, a.seq));
      acks.saves++;
    }
  }
  return res;
};

/** Every acknowledged save is in the database: the stored seq is the acknowledged one or a later one. */
export async function recordAcksStored(c: pg.Client, side: ExamSide, acks: Acks): Promise<void> {
  const stored = await c.query(
    'select paper_student_id, paper_teacher_question_id, seq from paper_student_question where paper_student_id = any($1::bigint[])',
    [side.attempts],
  );
  const inDb = new Map(
    stored.rows.map((r) => [`${r.paper_student_id}:${r.paper_teacher_question_id}`, r.seq as number]),
  );
  const missing = [...acks.best].filter(([key, s]) => (inDb.get(key) ?? 0) < s);
  record(
    'acknowledged saves found in the database (stored seq ≥ acknowledged seq)',
    `${acks.saves.toLocaleString('en')} acknowledged saves of ${acks.best.size.toLocaleString('en')} answers checked, ${missing.length} missing` +
      (missing.length
        ? ` (e.g. ${missing
            .slice(0, 3)
            .map(([k, s]) => `${k}@${s}`)
            .join(', ')})`
        : ''),
    'none missing',
    missing.length === 0 && acks.saves > 0,
  );
}

/**
 * The exam budgets of ARCHITECTURE §9 on PostgreSQL, each beside a floor (floor.ts) doing the same SQL in the same
 * transaction shape for a second, identical assignment: the paper fetch burst (first open, which starts the
 * attempts, then resuming), autosave (saturation, then a steady 1,000 saves/s; every acknowledged save checked in
 * the database afterwards) and submit + grading of 100 saved answers.
 */
export async function examBench(): Promise<void> {
  await ensureDatabase();
  const server = startServer({ PORT: '8296', DATABASE_URL, DATA_DIR: tmpdir(), JWT_SECRET });
  let floor: ChildProcess | undefined;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor('http://127.0.0.1:8296/api/health', 60_000);
    const teacher = await signIn('http://127.0.0.1:8296', 'teacher1', md5Teacher);
    await c.connect();
    const students = await seedExamStudents(c);
    const questionIds = await seedExamQuestions(c);
    const assign = await examPaper(8296, teacher, questionIds);
    const started = performance.now();
    const ours = await assign();
    const assignMs = performance.now() - started;
    const theirs = await assign();
    const [{ n: attemptCount }] = (
      await c.query('select count(*)::int as n from paper_student where paper_teacher_id = $1', [ours.id])
    ).rows;
    record(
      `add_batch (${EXAM_QUESTIONS} questions, class of ${attemptCount.toLocaleString('en')} students)`,
      `${(assignMs / 1000).toFixed(2)} s`,
      '',
      null,
    );
    await c.query('analyze paper_student; analyze paper_teacher_question; analyze question_item_inst');
    const userIds = students.map((s) => s.userId);
    const sides: ExamSide[] = [
      {
        port: 8297,
        paper: '/floor/exam-paper',
        save: '/floor/save-answers',
        submit: '/floor/submit-exam',
        saves: 0,
        ...(await examSide(c, theirs.id, userIds)),
      },
      await serverSide(8296, c, ours.id, userIds),
    ];
    floor = fork(path.join(here, 'floor.ts'), [], {
      env: { ...process.env, PORT: '8297', DATABASE_URL, JWT_SECRET, FLOOR_TENANT: '000000' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => floor!.once('message', () => resolve()));
    sides[0]!.pid = floor.pid;
    sides[1]!.pid = server.pid;
    const metered = async (side: ExamSide, loop: () => Promise<Figures>): Promise<Figures> => {
      const meter = await cpuMeter(c, side.pid);
      const f = await loop();
      return { ...f, cpu: await meter(f.done) };
    };

    // The students have signed in and look at 我的考试 before the exam opens (the server learns their sessions).
    const my = await metered(sides[1]!, () =>
      closedLoop((k) => send(8296, 'GET', '/api/jd/pc/paper_student/my', students[k]!.token), {
        concurrency: CONCURRENCY,
        count: EXAM_STUDENTS,
      }),
    );
    const listed = JSON.parse((await send(8296, 'GET', '/api/jd/pc/paper_student/my', students[0]!.token)).body) as {
      data: { attempt: { id: string } }[];
    };
    record(
      `paper_student/my (${EXAM_STUDENTS.toLocaleString('en')} students, before the exam)`,
      `${my.rate.toFixed(0)} req/s, p50 ${my.p50.toFixed(0)} ms, p99 ${my.p99.toFixed(0)} ms, ${my.errors} errors; ` +
        `a student sees ${listed.data.length} assignments; ${my.cpu}`,
      '',
      null,
    );

    // 1. The paper fetch burst: every student opens the exam (starting the attempt), then opens it again (resuming).
    for (const round of ['first open, starts the attempt', 'second open, resumes (reads only)']) {
      const [base, mine] = [
        await metered(sides[0]!, () =>
          closedLoop(paperOf(sides[0]!, students), { concurrency: CONCURRENCY, count: EXAM_STUDENTS }),
        ),
        await metered(sides[1]!, () =>
          closedLoop(paperOf(sides[1]!, students), { concurrency: CONCURRENCY, count: EXAM_STUDENTS }),
        ),
      ];
      const label = `exam_paper burst (${EXAM_STUDENTS.toLocaleString('en')} students, ${EXAM_QUESTIONS} questions, ${CONCURRENCY} at a time), ${round}`;
      const line = (f: Figures) =>
        `${f.rate.toFixed(0)} papers/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.errors} errors; ${f.cpu}`;
      const ratio = mine.rate / base.rate;
      record(`${label}: floor`, line(base), '', null);
      record(
        `${label}: ours`,
        `${line(mine)}; ours/floor = ${ratio.toFixed(2)}`,
        '≥ 1,500 papers/s, p99 ≤ 200 ms, ≥ 0.8 × floor, no errors',
        mine.rate >= 1500 && mine.p99 <= 200 && ratio >= 0.8 && mine.errors === 0 && base.errors === 0,
      );
    }
    // The same paper from both: as many questions, about as many bytes (ids differ).
    const described = async (side: ExamSide) => {
      const text = (await paperOf(side, students)(0)).body;
      const p = JSON.parse(text) as { data: { sections: { questions: unknown[] }[]; attempt: { state: string } } };
      const questions = p.data.sections.reduce((n, s) => n + s.questions.length, 0);
      return `${questions} questions, ${(Buffer.byteLength(text) / 1024).toFixed(1)} kB, ${p.data.attempt.state}`;
    };
    console.log(`· a student's paper: ours ${await described(sides[1]!)}; floor ${await described(sides[0]!)}`);

    // 2. Autosave: one answer per save, each (attempt, question) with a rising seq, spread over the students.
    const acks: Acks = { best: new Map(), saves: 0 };
    const saveLabel = `save_answers (one answer a save, spread over ${EXAM_STUDENTS.toLocaleString('en')} attempts)`;
    const maxBase = await metered(sides[0]!, () =>
      closedLoop(saveOf(sides[0]!, students), { concurrency: CONCURRENCY, ms: 6000 }),
    );
    const maxMine = await metered(sides[1]!, () =>
      closedLoop(saveOf(sides[1]!, students, acks), { concurrency: CONCURRENCY, ms: 6000 }),
    );
    const saveRatio = maxMine.rate / maxBase.rate;
    record(
      `${saveLabel}, saturation (${CONCURRENCY} at a time): floor`,
      `${maxBase.rate.toFixed(0)} saves/s, p50 ${maxBase.p50.toFixed(0)} ms, ${maxBase.errors} errors; ${maxBase.cpu}`,
      '',
      null,
    );
    record(
      `${saveLabel}, saturation (${CONCURRENCY} at a time): ours`,
      `${maxMine.rate.toFixed(0)} saves/s, p50 ${maxMine.p50.toFixed(0)} ms, ${maxMine.errors} errors; ${maxMine.cpu}; ours/floor = ${saveRatio.toFixed(2)}`,
      '≥ 2,000 saves/s, ≥ 0.8 × floor, no errors',
      maxMine.rate >= 2000 && saveRatio >= 0.8 && maxMine.errors === 0 && maxBase.errors === 0,
    );
    const steadyBase = await metered(sides[0]!, () => pacedLoop(saveOf(sides[0]!, students), 1000, 6000));
    const steadyMine = await metered(sides[1]!, () => pacedLoop(saveOf(sides[1]!, students, acks), 1000, 6000));
    const steadyLine = (f: Figures) =>
      `${f.done.toLocaleString('en')} saves in ${(f.done / f.rate).toFixed(1)} s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.errors} errors; ${f.cpu}`;
    record(`${saveLabel}, steady 1,000 saves/s: floor`, steadyLine(steadyBase), '', null);
    record(
      `${saveLabel}, steady 1,000 saves/s: ours`,
      steadyLine(steadyMine),
      'p99 ≤ 50 ms, no errors',
      steadyMine.p99 <= 50 && steadyMine.errors === 0,
    );
    await recordAcksStored(c, sides[1]!, acks);

    // 3. Submit + grade: 100 saved answers on every attempt of both assignments (one save each through ours, untimed;
    // about 4 in 5 right), then every student submits with nothing left to flush.
    for (const side of sides) {
      const prepared = await closedLoop(
        (k) =>
          send(8296, 'POST', sides[1]!.save, students[k]!.token, {
            paperStudentId: side.attempts[k]!,
            answers: side.questions.map((q, j) => ({
              questionId: q.id,
              answer: (k + j) % 5 ? q.key : q.options.find((o) => o !== q.key)!,
              seq: 100_000_000,
            })),
          }),
        { concurrency: 20, count: EXAM_STUDENTS },
      );
      if (prepared.errors) throw new Error(`bench: saving 100 answers failed ${prepared.errors} times`);
    }
    const submitOf = (side: ExamSide) => (k: number) =>
      send(side.port, 'POST', side.submit, students[k]!.token, { paperStudentId: side.attempts[k]!, answers: [] });
    const subBase = await metered(sides[0]!, () =>
      closedLoop(submitOf(sides[0]!), { concurrency: CONCURRENCY, count: EXAM_STUDENTS }),
    );
    const subMine = await metered(sides[1]!, () =>
      closedLoop(submitOf(sides[1]!), { concurrency: CONCURRENCY, count: EXAM_STUDENTS }),
    );
    const outcome = async (side: ExamSide) => {
      const [r] = (
        await c.query(
          `select count(*) filter (where state = 'marked')::int as marked, coalesce(sum(score), 0)::float as total
             from paper_student where id = any($1::bigint[])`,
          [side.attempts],
        )
      ).rows;
      return r as { marked: number; total: number };
    };
    const [doneBase, doneMine] = [await outcome(sides[0]!), await outcome(sides[1]!)];
    const subLine = (f: Figures, d: { marked: number; total: number }) =>
      `${f.rate.toFixed(0)} submits/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ${f.errors} errors; ` +
      `${d.marked} attempts marked, ${(d.total / Math.max(1, d.marked)).toFixed(1)} points on average; ${f.cpu}`;
    const subRatio = subMine.rate / subBase.rate;
    const subLabel = `submit_exam + grading (${EXAM_QUESTIONS} saved answers, ${EXAM_STUDENTS.toLocaleString('en')} students, ${CONCURRENCY} at a time)`;
    record(`${subLabel}: floor`, subLine(subBase, doneBase), '', null);
    record(
      `${subLabel}: ours`,
      `${subLine(subMine, doneMine)}; ours/floor = ${subRatio.toFixed(2)}`,
      '≥ 500 submits/s, ≥ 0.8 × floor, no errors, same grades',
      subMine.rate >= 500 &&
        subRatio >= 0.8 &&
        subMine.errors === 0 &&
        subBase.errors === 0 &&
        doneMine.marked === EXAM_STUDENTS &&
        doneMine.total === doneBase.total,
    );
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    floor?.kill('SIGTERM');
    agent.destroy();
  }
}
