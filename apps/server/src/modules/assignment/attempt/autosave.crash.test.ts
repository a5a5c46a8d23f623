import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ExamPaper, ExamQuestion } from '@shixun/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { md5 } from '../../../core/auth/md5.ts';
import { BASIC } from '../../../test/harness.ts';

/**
 * A real server process killed with SIGKILL in the middle of a stream of autosaves (ARCHITECTURE §8): every save it
 * acknowledged is in the database when it comes back, and what it never acknowledged — the client's journal — is
 * re-sent and lands. On PostgreSQL when TEST_DATABASE_URL is set (a database of its own), else on the embedded
 * PGlite in a data directory, as `npm start` runs it.
 */
const root = path.resolve(import.meta.dirname, '../../../../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shixun-crash-'));
const pgBase = process.env.TEST_DATABASE_URL;
const dbName = `crash_${process.pid}_${Date.now()}`;
let databaseUrl = '';
let server: ChildProcess | undefined;
let port = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });
}

async function start(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(dataDir, 'no-web'),
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function kill(): Promise<void> {
  const gone = new Promise((r) => server!.once('exit', r));
  server!.kill('SIGKILL');
  await gone;
}

async function api<T>(token: string, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json', authorization: BASIC },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; msg: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.msg}`);
  return json.data;
}

async function login(account: string, password: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: md5(password),
    grant_type: 'password',
  });
  const res = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

afterAll(async () => {
  if (server && server.exitCode === null) await kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgBase) {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('autosave through a server crash', () => {
  it('keeps every acknowledged save after SIGKILL, and takes the journal’s re-sent rest', async () => {
    port = await freePort();
    if (pgBase) {
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(pgBase);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    await start();

    // The demo teacher gives the demo exam to their class; a demo student opens it.
    const teacher = await login('teacher1', 'teacher');
    const assignment = await api<{ id: string }>(teacher, 'POST', '/api/jd/pc/paper_teacher/add_batch', {
      paperId: '72100',
      classIds: ['70140'],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
      title: '断电演练',
    });
    const student = await login('student01', 'student');
    const mine = await api<{ id: string; attempt: { id: string } }[]>(student, 'GET', '/api/jd/pc/paper_student/my');
    const attemptId = mine.find((m) => m.id === assignment.id)!.attempt.id;
    const paper = await api<ExamPaper>(
      student,
      'GET',
      `/api/jd/pc/paper_student_question/exam_paper?paperStudentId=${attemptId}`,
    );
    const short = paper.sections
      .flatMap((s) => s.questions.flatMap((q): ExamQuestion[] => [q, ...q.children]))
      .filter((q) => q.type === 'short' || q.type === 'fill');
    expect(short.length).toBeGreaterThan(0);

    // The client's journal: the latest edit of each question and the highest sequence number acknowledged.
    const latest = new Map<string, number>();
    const acked = new Map<string, number>();
    const answerOf = (q: ExamQuestion, seq: number) => (q.type === 'fill' ? [`第${seq}次`] : `第${seq}次修改`);
    let seq = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const q = short[seq % short.length]!;
        const mySeq = ++seq;
        latest.set(q.id, mySeq);
        try {
          const ack = await api<{ acked: { questionId: string; seq: number }[] }>(
            student,
            'POST',
            '/api/jd/pc/paper_student_question/save_answers',
            { paperStudentId: attemptId, answers: [{ questionId: q.id, answer: answerOf(q, mySeq), seq: mySeq }] },
          );
          for (const a of ack.acked) acked.set(a.questionId, Math.max(acked.get(a.questionId) ?? 0, a.seq));
        } catch {
          return; // the server is gone: what was not acknowledged stays in the journal
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acked.size < short.length || seq < 80) await new Promise((r) => setTimeout(r, 5));
    await kill();
    stop = true;
    await Promise.all(writers);
    expect(acked.size).toBeGreaterThan(0);

    await start();
    const token = await login('student01', 'student');
    const read = () =>
      api<ExamPaper>(token, 'GET', `/api/jd/pc/paper_student_question/exam_paper?paperStudentId=${attemptId}`);
    const after = await read();
    for (const [questionId, s] of acked) expect(after.answers[questionId]!.seq).toBeGreaterThanOrEqual(s);

    // The journal re-sends every latest edit the server may not have; all of them land.
    const resend = short.map((q) => ({
      questionId: q.id,
      answer: answerOf(q, latest.get(q.id)!),
      seq: latest.get(q.id)!,
    }));
    await api(token, 'POST', '/api/jd/pc/paper_student_question/save_answers', {
      paperStudentId: attemptId,
      answers: resend.filter((r) => r.seq),
    });
    const final = await read();
    for (const r of resend.filter((x) => x.seq))
      expect(final.answers[r.questionId]).toMatchObject({ seq: r.seq, answer: r.answer });
  }, 180_000);
});
