import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExamPaper, ExamQuestion } from '@shixun/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { md5 } from '../core/auth/md5.ts';
import { BASIC } from '../test/harness.ts';
import { png } from '../test/sample-files.ts';
import { createDatabase, runCli, type ServerProcess, startServer } from '../test/server-process.ts';
import { TOKEN_HEADER } from './control.ts';

/**
 * A school mid-exam is backed up while students keep saving, restored into a fresh DATA_DIR (and, on PostgreSQL, a
 * fresh database), and a server started on the restore has every answer acknowledged before the backup began and
 * the uploaded file, byte for byte. On the embedded database the running server makes the copy; on PostgreSQL
 * pg_dump does (TEST_DATABASE_URL set: databases of the test's own).
 */
const base = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), 'shixun-backup-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

async function api<T>(server: ServerProcess, token: string, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json', authorization: BASIC },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; msg: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.msg}`);
  return json.data;
}

async function login(server: ServerProcess, account: string, password: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: md5(password),
    grant_type: 'password',
  });
  const res = await fetch(`${server.url}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function serverOn(dataDir: string, databaseUrl?: string): Promise<ServerProcess> {
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  cleanups.push(() => server.stop());
  await server.healthy(90_000);
  return server;
}

describe('backup and restore', () => {
  it('backs up a school mid-exam while saves go on; the restore has every acknowledged answer and file', async () => {
    const source = base ? await createDatabase(base, `backup_src_${process.pid}`) : undefined;
    const target = base ? await createDatabase(base, `backup_dst_${process.pid}`) : undefined;
    for (const db of [source, target]) if (db) cleanups.push(db.drop);
    const sourceDir = path.join(work, 'source');
    const server = await serverOn(sourceDir, source?.url);

    // The demo teacher gives the demo exam to their class; a demo student opens it and attaches a picture.
    const teacher = await login(server, 'teacher1', 'teacher');
    const assignment = await api<{ id: string }>(server, teacher, 'POST', '/api/jd/pc/paper_teacher/add_batch', {
      paperId: '72100',
      classIds: ['70140'],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
      title: '备份演练',
    });
    const student = await login(server, 'student01', 'student');
    const mine = await api<{ id: string; attempt: { id: string } }[]>(
      server,
      student,
      'GET',
      '/api/jd/pc/paper_student/my',
    );
    const attemptId = mine.find((m) => m.id === assignment.id)!.attempt.id;
    const examPaper = `/api/jd/pc/paper_student_question/exam_paper?paperStudentId=${attemptId}`;
    const paper = await api<ExamPaper>(server, student, 'GET', examPaper);
    const questions = paper.sections
      .flatMap((s) => s.questions.flatMap((q): ExamQuestion[] => [q, ...q.children]))
      .filter((q) => q.type === 'short' || q.type === 'fill');
    expect(questions.length).toBeGreaterThan(0);

    const picture = png(64, 48, 2000);
    const form = new FormData();
    form.append('file', new Blob([picture], { type: 'image/png' }), '实验记录.png');
    const upload = await fetch(`${server.url}/api/blade-resource/oss/endpoint/put-file?category=image`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${student}`, authorization: BASIC },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { link } = ((await upload.json()) as { data: { link: string } }).data;

    // Only the backup command on this machine, with a token from DATA_DIR, gets a copy (none on PostgreSQL).
    const refused = await fetch(`${server.url}/api/ops/backup`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: `${'0'.repeat(16)}.${'0'.repeat(64)}`, 'blade-auth': `bearer ${teacher}` },
    });
    expect(refused.status).toBe(base ? 404 : 403);

    // Autosaves keep coming as the exam player sends them — one in flight, waiting when told to — acknowledged one
    // by one before, during and after the backup.
    const acked = new Map<string, number>();
    const answerOf = (q: ExamQuestion, seq: number) => (q.type === 'fill' ? [`第${seq}次`] : `第${seq}次修改`);
    let seq = 0;
    let saves = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const q = questions[seq % questions.length]!;
        const mine = ++seq;
        const res = await fetch(`${server.url}/api/jd/pc/paper_student_question/save_answers`, {
          method: 'POST',
          headers: { 'blade-auth': `bearer ${student}`, 'content-type': 'application/json', authorization: BASIC },
          body: JSON.stringify({
            paperStudentId: attemptId,
            answers: [{ questionId: q.id, answer: answerOf(q, mine), seq: mine }],
          }),
        });
        if (res.status === 429 || res.status === 503) {
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        expect(res.status, await res.clone().text()).toBe(200);
        const ack = ((await res.json()) as { data: { acked: { questionId: string; seq: number }[] } }).data;
        for (const a of ack.acked) acked.set(a.questionId, Math.max(acked.get(a.questionId) ?? 0, a.seq));
        saves += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const saving = writer();
    while (acked.size < questions.length) await new Promise((r) => setTimeout(r, 5));

    const before = new Map(acked);
    const savesBefore = saves;
    const archive = path.join(work, 'school.tar.gz');
    const backup = await runCli(['backup', '--out', archive], {
      DATA_DIR: sourceDir,
      DATABASE_URL: source?.url ?? '',
    });
    const savesDuring = saves - savesBefore;
    stop = true;
    await saving;
    expect(backup.code, backup.stderr).toBe(0);
    // The demo's three pictures, seven handed-in drawings (file homework), a course's PDF and video, and ours.
    expect(backup.stdout).toContain('uploaded files on the local disk: 13');
    expect(savesDuring).toBeGreaterThan(0); // the server kept taking saves while the copy was made
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const restoredDir = path.join(work, 'restored');
    const restore = await runCli(['restore', archive], { DATA_DIR: restoredDir, DATABASE_URL: target?.url ?? '' });
    expect(restore.code, restore.stderr).toBe(0);

    const restored = await serverOn(restoredDir, target?.url);
    const again = await login(restored, 'student01', 'student');
    const answers = (await api<ExamPaper>(restored, again, 'GET', examPaper)).answers;
    for (const [questionId, s] of before) expect(answers[questionId]!.seq).toBeGreaterThanOrEqual(s);
    const file = await fetch(`${restored.url}${link}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(picture)).toBe(true);
  }, 240_000);
});
