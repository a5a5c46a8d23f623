// File homework (issue 30): 500 students of a class hand in a 5 MB PDF in the same minute through the product path —
// a resumable tus upload in 1 MB chunks as the web client sends it (apps/web/src/api/resumable.ts: POST create,
// PATCH each chunk, GET the result), then `filejob_student/submit` answering the receipt — beside a floor
// (filejob-floor.ts) that takes the same bytes in the same chunks into the same storage directory with one INSERT.
// Every hand-in is checked afterwards: its receipt's SHA-256 in the database, and the stored file hashed again.
//
// Budget: ours ≥ 0.5 × the floor's hand-ins/s, no errors, all 500 within the minute. Not §9's 0.8: that is for
// lists, where the floor runs the same SQL. Here the floor writes the same bytes and nothing more, while a hand-in
// needs three more requests (the upload's admission, its result, the hand-in), its content sniffed, its bytes read a
// second time for the SHA-256 (a resumable upload may span restarts, so it is hashed once complete), a rename into
// storage, and a transaction (record locked, attachment checked, hand-in, file, record). Half the floor leaves room
// for that and still catches a path that copies the bytes once more or holds a lock while it reads them.
//
// On PostgreSQL the server under test is the built app and the floor is filejob-floor.ts forked with a pool of its
// own. On the embedded default, PGlite is open in one process alone, so this file, forked with BENCH_FILEJOB_HOST=1,
// hosts both (as practical.ts does): the server built from the sources and the floor on the same PGlite handle.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESUMABLE_UPLOAD_PATH } from '@shixun/contracts';
import pg from 'pg';
import { agent, closedLoop, cpuMeter, type Figures, type Job } from './driver.ts';
import { hostReady, sqlOf } from './embedded-host.ts';
import { type Student, seedExamStudents } from './exam.ts';
import { FLOOR_TABLE } from './filejob-floor.ts';
import {
  BASIC,
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
const STUDENTS = 500;
/** Students who hand in before the measurement, on each side: the first of each call pays for warming up. */
const WARMUP = 10;
/** Hand-ins in flight at once: a few classes at their computers pressing 提交 within the same minute. */
const CONCURRENCY = 50;
const MiB = 1024 * 1024;
/** "5 MB": five of the web client's 1 MB chunks (CHUNK_SIZE in resumable.ts). */
const CHUNK = MiB;
const FILE_SIZE = 5 * MiB;
const TAG = 24;

/**
 * A 5 MB PDF that the server's sniffer takes for one (`%PDF-` header, a catalog, one page, `%%EOF`), its bulk one
 * stream of random bytes; a fixed-width comment after the header is each student's own, so every file (and its
 * SHA-256) differs while the bulk is shared in memory.
 */
function basePdf(): Buffer {
  const build = (n: number) => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> >>',
    ];
    const head = `%PDF-1.7\n%${'-'.repeat(TAG)}\n`;
    const offsets: number[] = [];
    let text = head;
    for (const [i, o] of objects.entries()) {
      offsets.push(text.length);
      text += `${i + 1} 0 obj\n${o}\nendobj\n`;
    }
    offsets.push(text.length);
    const open = `4 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height ${n} /BitsPerComponent 8 /ColorSpace /DeviceGray /Length ${n} >>\nstream\n`;
    const close = '\nendstream\nendobj\n';
    const xref = text.length + open.length + n + close.length;
    let tail = `${close}xref\n0 5\n0000000000 65535 f \n`;
    for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
    tail += `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.concat([Buffer.from(text + open, 'latin1'), randomBytes(n), Buffer.from(tail, 'latin1')]);
  };
  const first = build(FILE_SIZE - 1000);
  const bytes = build(FILE_SIZE - 1000 + (FILE_SIZE - first.length));
  if (bytes.length !== FILE_SIZE) throw new Error(`bench: the PDF is ${bytes.length} bytes`);
  return bytes;
}

/** Student k's file as its chunks (only the first is their own copy) and the SHA-256 a receipt must show. */
interface HandinFile {
  chunks: (k: number) => Buffer[];
  sha256: string[];
}
function filesOf(count: number): HandinFile {
  const base = basePdf();
  const chunks = (k: number) => {
    const first = Buffer.from(base.subarray(0, CHUNK));
    first.write(`student ${k}`.padEnd(TAG), 10, 'latin1');
    return [
      first,
      ...Array.from({ length: FILE_SIZE / CHUNK - 1 }, (_, i) => base.subarray((i + 1) * CHUNK, (i + 2) * CHUNK)),
    ];
  };
  const sha256 = Array.from({ length: count }, (_, k) => {
    const hash = createHash('sha256');
    for (const c of chunks(k)) hash.update(c);
    return hash.digest('hex');
  });
  return { chunks, sha256 };
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}
/** One call on the bench's keep-alive agent, with any method, headers and body (driver.ts's send is JSON only). */
function http(port: number, method: string, url: string, headers: Record<string, string>, body?: Buffer | string) {
  return new Promise<Answer>((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request(
      { host: '127.0.0.1', port, method, path: url, agent, headers: { ...headers, ...length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
/** What the web client sends with every call (apiHeaders in apps/web/src/api/http.ts). */
const headersOf = (s: Student) => ({
  authorization: BASIC,
  'blade-auth': `bearer ${s.token}`,
  'accept-language': 'zh-CN',
});
const tusHeaders = { 'tus-resumable': '1.0.0' };
const failed = (status: number, body: string) => ({ status: status === 200 ? 500 : status, body });

/** The PATCHes of one upload, chunk after chunk as tus-js-client sends them; the last one's answer. */
async function patches(port: number, url: string, s: Student, chunks: Buffer[]) {
  let offset = 0;
  let res: Answer = { status: 0, body: '', headers: {} };
  for (const chunk of chunks) {
    res = await http(
      port,
      'PATCH',
      url,
      {
        ...headersOf(s),
        ...tusHeaders,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      chunk,
    );
    if (res.status !== 204 && res.status !== 200) return res;
    offset += chunk.length;
  }
  return res;
}

/** A hand-in through the product: the tus upload, its result, then `filejob_student/submit` with the record. */
function oursJob(
  port: number,
  students: Student[],
  records: Map<string, string>,
  files: HandinFile,
  from: number,
): Job {
  return async (k) => {
    const s = students[from + k]!;
    const created = await http(port, 'POST', RESUMABLE_UPLOAD_PATH, {
      ...headersOf(s),
      ...tusHeaders,
      'upload-length': String(FILE_SIZE),
      'upload-metadata': `filename ${b64(`实训报告-${from + k}.pdf`)},category ${b64('file')}`,
    });
    if (created.status !== 201) return failed(created.status, created.body);
    const url = String(created.headers.location);
    const last = await patches(port, url, s, files.chunks(from + k));
    if (last.status !== 204) return failed(last.status, last.body);
    const result = await http(port, 'GET', `${url}/result`, headersOf(s));
    if (result.status !== 200) return failed(result.status, result.body);
    const { attachId } = (JSON.parse(result.body) as { data: { attachId: string } }).data;
    const payload = JSON.stringify({ id: records.get(s.userId), files: [{ attachId }] });
    const handed = await http(
      port,
      'POST',
      '/api/jd/pc/filejob_student/submit',
      { ...headersOf(s), 'content-type': 'application/json' },
      payload,
    );
    if (handed.status !== 200) return failed(handed.status, handed.body);
    const receipt = (JSON.parse(handed.body) as { data: { receipt?: { files: { sha256: string }[] } } }).data.receipt;
    if (receipt?.files[0]?.sha256 !== files.sha256[from + k]) return failed(0, `receipt: ${handed.body}`);
    return handed;
  };
}

/** The floor's hand-in: the same chunks into the same directory, the last one answering the SHA-256. */
function floorJob(port: number, students: Student[], files: HandinFile, from: number): Job {
  return async (k) => {
    const s = students[from + k]!;
    const created = await http(port, 'POST', '/floor/upload', { ...headersOf(s), 'upload-length': String(FILE_SIZE) });
    if (created.status !== 201) return failed(created.status, created.body);
    const last = await patches(port, String(created.headers.location), s, files.chunks(from + k));
    if (last.status !== 200) return failed(last.status, last.body);
    if ((JSON.parse(last.body) as { sha256: string }).sha256 !== files.sha256[from + k]) return failed(0, last.body);
    return last;
  };
}

/** Flushes what one side left in the page cache, so that its write-back does not slow the side measured next. */
const flushDisk = () => execFileSync('sync');

/** The file job through the teacher's API: a PDF of at most 10 MB, given to the class now for an hour. */
async function assignJob(port: number, teacher: string): Promise<string> {
  const api = async (url: string, body: unknown) => {
    const res = await http(
      port,
      'POST',
      url,
      { 'blade-auth': `bearer ${teacher}`, 'content-type': 'application/json' },
      JSON.stringify(body),
    );
    const parsed = JSON.parse(res.body) as { success: boolean; data: { id: string } };
    if (res.status !== 200 || !parsed.success) throw new Error(`bench: ${url} → ${res.status} ${res.body}`);
    return parsed.data;
  };
  const job = await api('/api/jd/pc/filejob/submit', {
    title: '基准作业：阶梯轴零件图',
    latePolicy: 'mark',
    maxSizeMb: 10,
    allowedKinds: ['pdf'],
  });
  const assignment = await api('/api/jd/pc/filejob_teacher/submit', {
    jobId: job.id,
    classIds: [CLASS],
    startTime: new Date(Date.now() - 5 * 60_000).toISOString(),
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return assignment.id;
}

/** Every measured hand-in in the database with its student's SHA-256, and the stored file hashing to it. */
async function verify(
  dbLabel: string,
  c: pg.Client,
  filesDir: string,
  assignment: string,
  students: Student[],
  files: HandinFile,
) {
  const { rows } = await c.query(
    `select s.user_id::text as user_id, f.sha256, f.size::int as size, a.name
       from filejob_student s
       join filejob_student_file f on f.handin_id = s.handin_id
       join resource_attach a on a.id = f.attach_id
      where s.filejob_teacher_id = $1 and s.user_id = any($2::bigint[])`,
    [assignment, students.map((s) => s.userId)],
  );
  const byUser = new Map(rows.map((r) => [String(r.user_id), r as { sha256: string; size: number; name: string }]));
  let right = 0;
  for (const [k, s] of students.entries()) {
    const row = byUser.get(s.userId);
    if (!row || row.sha256 !== files.sha256[k] || row.size !== FILE_SIZE) continue;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path.join(filesDir, ...row.name.split('/'))))
      hash.update(chunk as Buffer);
    if (hash.digest('hex') === files.sha256[k]) right++;
  }
  record(
    `${dbLabel}: file hand-ins stored (receipt SHA-256 in the database, stored file hashed again)`,
    `${right} of ${students.length} right`,
    'all',
    right === students.length,
  );
}

/**
 * Seeds the class, assigns the job, warms both sides up, then hands in 500 files through each side in turn (the
 * floor first, the disk flushed before each), `CONCURRENCY` at a time, and checks what ours stored.
 */
async function measure(
  dbLabel: string,
  c: pg.Client,
  filesDir: string,
  ours: { port: number; pid: number | undefined },
  floor: { port: number; pid: number | undefined },
): Promise<void> {
  const teacher = await signIn(`http://127.0.0.1:${ours.port}`, 'teacher1', md5Teacher);
  const students = (await seedExamStudents(c)).slice(0, STUDENTS + WARMUP);
  const assignment = await assignJob(ours.port, teacher);
  const { rows } = await c.query(
    'select id::text as id, user_id::text as user_id from filejob_student where filejob_teacher_id = $1',
    [assignment],
  );
  const records = new Map(rows.map((r) => [String(r.user_id), String(r.id)]));
  await c.query(FLOOR_TABLE);
  const files = filesOf(students.length);
  console.log(`· ${records.size.toLocaleString('en')} records; ${students.length} files of ${FILE_SIZE / MiB} MB made`);

  // The measured students are the first 500; the ten after them warm each side up.
  const warm = async (job: Job) => {
    const f = await closedLoop(job, { concurrency: WARMUP, count: WARMUP });
    if (f.errors) throw new Error(`bench: ${f.errors} warm-up hand-ins failed`);
  };
  await warm(floorJob(floor.port, students, files, STUDENTS));
  await warm(oursJob(ours.port, students, records, files, STUDENTS));

  const embedded = ours.pid === floor.pid;
  const run = async (pid: number | undefined, job: Job): Promise<Figures> => {
    flushDisk();
    const meter = await cpuMeter(c, pid);
    const f = await closedLoop(job, { concurrency: CONCURRENCY, count: STUDENTS });
    const cpu = (await meter(f.done)).replace('a request', 'a hand-in');
    // PGlite has no backends of its own: its CPU is the host process's, counted as the server's.
    return { ...f, cpu: embedded ? cpu.replace(/database [\d.]+ ms/, 'database in the server') : cpu };
  };
  const base = await run(floor.pid, floorJob(floor.port, students, files, 0));
  const mine = await run(ours.pid, oursJob(ours.port, students, records, files, 0));
  const seconds = (f: Figures) => f.done / f.rate;
  const line = (f: Figures) =>
    `${f.rate.toFixed(1)} hand-ins/s (${((f.rate * FILE_SIZE) / MiB).toFixed(0)} MB/s), all ${f.done} in ${seconds(f).toFixed(1)} s, ` +
    `p50 ${(f.p50 / 1000).toFixed(2)} s, p99 ${(f.p99 / 1000).toFixed(2)} s a hand-in, ${f.errors} errors; ${f.cpu}`;
  const ratio = mine.rate / base.rate;
  const label = `${dbLabel}: file hand-in (${STUDENTS} students, a 5 MB PDF each in 1 MB chunks, ${CONCURRENCY} at a time)`;
  record(`${label}: floor (same bytes, same chunks, same directory, one INSERT)`, line(base), '', null);
  record(
    `${label}: ours (tus upload + result + filejob_student/submit)`,
    `${line(mine)}; ours/floor = ${ratio.toFixed(2)}`,
    '≥ 0.5 × floor, all within 60 s, no errors',
    ratio >= 0.5 && seconds(mine) <= 60 && mine.errors === 0 && base.errors === 0,
  );
  await verify(dbLabel, c, filesDir, assignment, students.slice(0, STUDENTS), files);
}

/** On PostgreSQL: the built server, and the floor in a process of its own writing into the server's files. */
export async function filejobBench(): Promise<void> {
  await ensureDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shixun-bench-'));
  const filesDir = path.join(dataDir, 'files');
  const server = startServer({ PORT: '8340', DATABASE_URL, DATA_DIR: dataDir, JWT_SECRET });
  let floor: ChildProcess | undefined;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await waitFor('http://127.0.0.1:8340/api/health', 60_000);
    await c.connect();
    floor = fork(path.join(here, 'filejob-floor.ts'), [], {
      env: {
        ...process.env,
        BENCH_FILEJOB_FLOOR: '1',
        PORT: '8341',
        DATABASE_URL,
        JWT_SECRET,
        FLOOR_TENANT: TENANT,
        FILES_DIR: filesDir,
      },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve) => floor!.once('message', () => resolve()));
    await measure('PostgreSQL', c, filesDir, { port: 8340, pid: server.pid }, { port: 8341, pid: floor.pid });
  } finally {
    await c.end().catch(() => {});
    await stop(server);
    floor?.kill('SIGTERM');
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On the embedded default (no PostgreSQL): the server and the floor in one forked process, on one PGlite. */
export async function filejobEmbeddedBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shixun-bench-'));
  const child = fork(path.join(here, 'filejob-floor.ts'), [], {
    env: { ...process.env, BENCH_FILEJOB_HOST: '1', PORT: '8342', FLOOR_PORT: '8343', DATA_DIR: dataDir, JWT_SECRET },
    // BENCH_SERVER_ARGS: node flags for the server under test, as startServer passes them.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  try {
    await hostReady(child);
    // One process answers both: its CPU is the server's and the database's together.
    const side = { port: 8342, pid: child.pid };
    await measure('embedded PGlite', sqlOf(child), path.join(dataDir, 'files'), side, { port: 8343, pid: child.pid });
  } finally {
    await stop(child);
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
