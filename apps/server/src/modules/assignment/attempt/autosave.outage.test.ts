import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExamPaper, ExamQuestion } from '@shixun/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { md5 } from '../../../core/auth/md5.ts';
import { BASIC } from '../../../test/harness.ts';
import { freePort, type ServerProcess, startServer } from '../../../test/server-process.ts';

/**
 * A real server process on a PostgreSQL cluster of the test's own, restarted in the middle of a stream of autosaves
 * from several students (issue 25 §2): while the database is down every call is answered 503 with Retry-After —
 * never a 500, never a sign-out — the server reconnects by itself, and every acknowledged save is in the database
 * afterwards, with the rest re-sent as the exam player's journal re-sends it. PostgreSQL only (TEST_DATABASE_URL
 * set, as in CI): PGlite runs inside the server process and cannot be restarted under it.
 */
/** The PostgreSQL programs (initdb, pg_ctl) of this machine, if it has them. */
function pgBin(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return existsSync(path.join(dir, 'pg_ctl')) ? dir : null;
  } catch {
    return null;
  }
}
const bin = process.env.TEST_DATABASE_URL ? pgBin() : null;

/**
 * A throw-away cluster in a temporary directory on a free port. PostgreSQL refuses to run as root, so as root (CI)
 * its programs run as the `postgres` user.
 */
function cluster(dir: string, port: number) {
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const argv = [path.join(bin!, program), ...args];
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', argv.map((a) => `'${a}'`).join(' ')]);
    else execFileSync(argv[0]!, argv.slice(1));
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    init() {
      if (asRoot) {
        const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
        chownSync(dir, id('-u'), id('-g'));
      }
      run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    },
    start: () =>
      run('pg_ctl', ['-D', path.join(dir, 'data'), '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', mode, '-w', 'stop']),
  };
}

let dir = '';
let db: ReturnType<typeof cluster> | undefined;
let server: ServerProcess | undefined;
let base = '';

afterAll(async () => {
  await server?.stop();
  try {
    db?.stop('immediate');
  } catch {
    // not running
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  retryAfter: string | null;
  body: { data: unknown; msg: string };
}
async function call(token: string, method: string, url: string, body?: object): Promise<Reply> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'blade-auth': `bearer ${token}`,
      'content-type': 'application/json',
      authorization: BASIC,
      'accept-language': 'zh',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Reply['body'] };
}
async function ok<T>(token: string, method: string, url: string, body?: object): Promise<T> {
  const r = await call(token, method, url, body);
  if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${r.body.msg}`);
  return r.body.data as T;
}
async function login(account: string, password: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: md5(password),
    grant_type: 'password',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One student's exam player, reduced to its journal: the latest edit of each question and what the server acked. */
class Student {
  readonly latest = new Map<string, number>();
  readonly acked = new Map<string, number>();
  constructor(
    readonly token: string,
    readonly attempt: string,
    readonly questions: ExamQuestion[],
  ) {}
  answer(q: ExamQuestion, seq: number) {
    return q.type === 'fill' ? [`第${seq}次`] : `第${seq}次修改`;
  }
  edit(k: number) {
    const q = this.questions[k % this.questions.length]!;
    this.latest.set(q.id, (this.latest.get(q.id) ?? 0) + 1);
  }
  pending() {
    return this.questions
      .filter((q) => (this.latest.get(q.id) ?? 0) > (this.acked.get(q.id) ?? 0))
      .map((q) => ({ questionId: q.id, answer: this.answer(q, this.latest.get(q.id)!), seq: this.latest.get(q.id)! }));
  }
  /** Sends what is pending; on an ack, settles it. */
  async save(): Promise<Reply> {
    const r = await call(this.token, 'POST', '/api/jd/pc/paper_student_question/save_answers', {
      paperStudentId: this.attempt,
      answers: this.pending(),
    });
    if (r.status === 200)
      for (const a of (r.body.data as { acked: { questionId: string; seq: number }[] }).acked)
        this.acked.set(a.questionId, Math.max(this.acked.get(a.questionId) ?? 0, a.seq));
    return r;
  }
}

describe.skipIf(!bin)('autosave through a database restart', () => {
  it('answers 503 with Retry-After while PostgreSQL is down, never 500, recovers, and keeps every acknowledged save', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shixun-outage-'));
    const port = await freePort();
    db = cluster(dir, port);
    db.init();
    db.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database outage');
    await admin.end();
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/outage`;
    server = await startServer({ dataDir: path.join(dir, 'app'), databaseUrl });
    base = server.url;
    await server.healthy(90_000);

    // The demo teacher gives the demo exam to their class; six of its students open it.
    const teacher = await login('teacher1', 'teacher');
    const assignment = await ok<{ id: string }>(teacher, 'POST', '/api/jd/pc/paper_teacher/add_batch', {
      paperId: '72100',
      classIds: ['70140'],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
      title: '停库演练',
    });
    const students = await Promise.all(
      ['student01', 'student02', 'student03', 'student04', 'student05', 'student06'].map(async (account) => {
        const token = await login(account, 'student');
        const mine = await ok<{ id: string; attempt: { id: string } }[]>(token, 'GET', '/api/jd/pc/paper_student/my');
        const attempt = mine.find((m) => m.id === assignment.id)!.attempt.id;
        const paper = await ok<ExamPaper>(
          token,
          'GET',
          `/api/jd/pc/paper_student_question/exam_paper?paperStudentId=${attempt}`,
        );
        const questions = paper.sections
          .flatMap((s) => s.questions.flatMap((q): ExamQuestion[] => [q, ...q.children]))
          .filter((q) => q.type === 'short' || q.type === 'fill');
        return new Student(token, attempt, questions);
      }),
    );
    expect(students[0]!.questions.length).toBeGreaterThan(0);

    // Each student edits every 20–40 ms and saves what is pending, one save at a time; on 503 it waits as told.
    const replies: (Reply & { phase: string })[] = [];
    let phase = 'before';
    let stop = false;
    const stream = async (s: Student, k0: number) => {
      for (let k = k0; !stop; k++) {
        s.edit(k);
        const r = await s.save();
        replies.push({ ...r, phase });
        await sleep(r.status === 503 ? Number(r.retryAfter) * 1000 : 20 + (k % 3) * 10);
      }
    };
    // Another call of the exam, not the autosave: the same rule answers it.
    const probe = async (s: Student) => {
      while (!stop) {
        const r = await call(s.token, 'GET', '/api/jd/pc/paper_student/my');
        replies.push({ ...r, phase });
        await sleep(r.status === 503 ? Number(r.retryAfter) * 1000 : 100);
      }
    };
    const running = [...students.map((s, i) => stream(s, i)), probe(students[0]!)];
    await sleep(1500);
    phase = 'outage';
    db.stop('fast');
    await sleep(2000);
    db.start();
    phase = 'after';
    // The server reconnects by itself: saves are acknowledged again within a few seconds.
    const back = Date.now();
    while (Date.now() - back < 15_000 && replies.filter((r) => r.phase === 'after' && r.status === 200).length < 20)
      await sleep(100);
    stop = true;
    await Promise.all(running);

    const by = (phase: string, status: number) => replies.filter((r) => r.phase === phase && r.status === status);
    expect(by('before', 200).length).toBeGreaterThan(20);
    expect(replies.filter((r) => r.status !== 200 && r.status !== 503).map((r) => `${r.status} ${r.body.msg}`)).toEqual(
      [],
    );
    const refused = replies.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.retryAfter).toBe('2');
      expect(r.body).toMatchObject({ code: 503, success: false, msg: '服务暂时不可用，请稍后重试' });
    }
    expect(by('after', 200).length).toBeGreaterThanOrEqual(20);

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const stored = async (s: Student) => {
      const rows = await check.query<{ q: string; seq: number; answer: unknown }>(
        'select paper_teacher_question_id::text as q, seq, answer from paper_student_question where paper_student_id = $1',
        [s.attempt],
      );
      return new Map(rows.rows.map((r) => [r.q, r]));
    };
    try {
      // Every acknowledged save is there (or a later one of the same question).
      for (const s of students) {
        const rows = await stored(s);
        for (const [q, seq] of s.acked) expect(rows.get(q)?.seq).toBeGreaterThanOrEqual(seq);
      }
      // The journal re-sends what was never acknowledged; then every student's latest edit is stored.
      for (const s of students) while (s.pending().length) expect((await s.save()).status).toBe(200);
      for (const s of students) {
        const rows = await stored(s);
        for (const [q, seq] of s.latest) {
          const question = s.questions.find((x) => x.id === q)!;
          expect(rows.get(q)).toMatchObject({ seq, answer: s.answer(question, seq) });
        }
      }
    } finally {
      await check.end();
    }
  }, 120_000);
});
