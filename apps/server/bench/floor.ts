// The floors: bare Fastify + pg handlers that verify the JWT (HS256, the same secret as the server under test) and
// run only a request's own SQL — no session, user, role or permission queries. Ours must reach ≥ 0.8 of them
// (ARCHITECTURE §9), which a server that asks the database who the caller is on every request cannot. The exam floors
// build their answers with the server's own pure functions (the paper as a student sees it, grading), so only the
// request handling and data access differ. Started by run.ts.
import { verify } from '@node-rs/argon2';
import type { AnswerValue, AssignmentSection } from '@shixun/contracts';
import Fastify, { type FastifyRequest } from 'fastify';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { newId } from '../src/core/db/ids.ts';
import {
  type Content,
  type ContentQuestion,
  examSections,
  questionCount,
} from '../src/modules/assignment/assignment/assignment.content.ts';
import type { Layout } from '../src/modules/assignment/assignment/assignment.layout.ts';
import { gradeAnswer } from '../src/modules/assignment/attempt/attempt.grade.ts';
import { practicalFloor } from './practical.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ logger: false });

async function verified(req: FastifyRequest): Promise<JWTPayload> {
  const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
  return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
}

/**
 * Sign-in (signin.ts): the user row read, the password (md5 hex, as Saber sends it) verified against its argon2 hash
 * once, an access token signed with the key imported once (as core/auth/tokens.ts does) — no client check, no lockout,
 * no session.
 */
const signingKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
app.post('/floor/sign-in', async (req, reply) => {
  const { tenantId, username, password = '' } = req.query as Record<string, string | undefined>;
  const { rows } = await pool.query({
    name: 'floor_sign_in',
    text: 'select id, tenant_id, password_hash from sys_user where tenant_id = $1 and account = $2 and is_deleted = 0',
    values: [tenantId, username],
  });
  const row = rows[0];
  if (!row || !(await verify(row.password_hash, password.toLowerCase()))) return reply.status(400).send({ ok: false });
  const token = await new SignJWT({ tid: row.tenant_id, sid: '1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(row.id))
    .setIssuer('shixun')
    .setIssuedAt()
    .setExpirationTime('7200s')
    .sign(signingKey);
  return { access_token: token, user_id: String(row.id) };
});

/** `param/list?paramKey=`: the page and its count. */
app.get('/floor/param-list', async (req) => {
  await verified(req);
  const like = `%${(req.query as { paramKey?: string }).paramKey ?? ''}%`;
  const where = 'is_deleted = 0 and param_key ilike $1';
  const [rows, total] = await Promise.all([
    pool.query(`select * from sys_param where ${where} order by create_time desc, id desc limit 10 offset 0`, [like]),
    pool.query(`select count(*)::int as n from sys_param where ${where}`, [like]),
  ]);
  return { code: 200, success: true, data: { records: rows.rows, total: total.rows[0].n }, msg: 'ok' };
});

/**
 * `student/page` as a teacher: the page and count within the teacher's classes (known here in advance: the floor does
 * not work out a class scope), then the accounts and the class, grade and school names shown beside each student
 * (two queries, as ours).
 */
const classIds = (process.env.FLOOR_CLASS_IDS ?? '').split(',');
app.get('/floor/student-page', async (req) => {
  await verified(req);
  const where = 'tenant_id = $1 and is_deleted = 0 and class_id = any($2::bigint[])';
  const args = [process.env.FLOOR_TENANT, classIds];
  const [rows, total] = await Promise.all([
    pool.query(`select * from exam_student where ${where} order by student_no, id limit 10 offset 0`, args),
    pool.query(`select count(*)::int as n from exam_student where ${where}`, args),
  ]);
  const users = rows.rows.map((r) => r.user_id);
  const classes = [...new Set(rows.rows.map((r) => r.class_id))];
  const [accounts, names] = await Promise.all([
    pool.query('select id, account, real_name, sex, phone, email, status from sys_user where id = any($1::bigint[])', [
      users,
    ]),
    pool.query(
      `select c.id, c.name, g.name as grade_name, s.name as school_name from exam_clazz c
         left join exam_clazz g on g.id = c.parent_id left join exam_school s on s.id = c.school_id
        where c.id = any($1::bigint[])`,
      [classes],
    ),
  ]);
  return {
    code: 200,
    success: true,
    data: { records: rows.rows, total: total.rows[0].n, users: accounts.rowCount, classes: names.rows },
    msg: 'ok',
  };
});

/**
 * `question/page?text=&flagId=` as a teacher: the libraries they may read, the text's tokens and the knowledge point
 * with the points below it (both among the search tokens), the page and its count (up to 10,001); then the page's items, knowledge points, library names and
 * children counts (as ours shows them).
 */
app.get('/floor/question-page', async (req) => {
  await verified(req);
  const { text = '', flagId = '0' } = req.query as { text?: string; flagId?: string };
  const [tenant, userId] = [process.env.FLOOR_TENANT, process.env.FLOOR_USER];
  // The query's tokens as core/text/tokens.ts makes them for a CJK run: its pairs.
  const chars = [...text];
  const tokens = chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i] + c);
  // The libraries the teacher may read, and the node with the nodes below it, looked up first as ours does.
  const libs = await pool.query(
    `select id from question_lib where tenant_id = $1 and is_deleted = 0 and (create_user = $2 or is_public = 1
       or id in (select lib_id from question_lib_permission where tenant_id = $1 and is_deleted = 0
         and grantee_type = 'teacher' and grantee_id = $2))`,
    [tenant, userId],
  );
  const flags = [flagId];
  for (let level = [flagId]; level.length; ) {
    const below = await pool.query('select id from exam_flag where parent_id = any($1::bigint[]) and is_deleted = 0', [
      level,
    ]);
    level = below.rows.map((r) => String(r.id)).filter((id) => !flags.includes(id));
    flags.push(...level);
  }
  const where = `q.tenant_id = $1 and q.is_deleted = 0 and q.parent_id = 0 and q.lib_id = any($2::bigint[])
    and q.search_tokens @> $3::text[] and q.search_tokens && $4::text[]`;
  const args = [tenant, libs.rows.map((r) => r.id), tokens, flags.map((id) => `#f${id}`)];
  const [rows, total] = await Promise.all([
    pool.query(
      `select * from question q where ${where} order by q.create_time desc, q.id desc limit 10 offset 0`,
      args,
    ),
    // Counted up to 1,001 rows, as ours (question.resource.ts countLimit).
    pool.query(`select count(*)::int as n from (select 1 from question q where ${where} limit 1001) c`, args),
  ]);
  const ids = rows.rows.map((r) => r.id);
  const [items, pageFlags, libNames, children] = await Promise.all([
    pool.query('select * from question_item where question_id = any($1::bigint[]) and is_deleted = 0 order by sort', [
      ids,
    ]),
    pool.query('select * from question_flag where question_id = any($1::bigint[])', [ids]),
    pool.query('select id, name from question_lib where id = any($1::bigint[])', [
      [...new Set(rows.rows.map((r) => r.lib_id))],
    ]),
    pool.query(
      'select parent_id, count(*)::int as n from question where parent_id = any($1::bigint[]) and is_deleted = 0 group by parent_id',
      [ids],
    ),
  ]);
  return {
    code: 200,
    success: true,
    data: {
      records: rows.rows,
      total: total.rows[0].n,
      items: items.rowCount,
      flags: pageFlags.rowCount,
      libs: libNames.rows,
      children: children.rows,
    },
    msg: 'ok',
  };
});

// ── Exams (exam.ts): exam_paper, save_answers and submit_exam with ours' SQL in ours' transaction shape; the statements
// ours prepares (core/db/statements.ts) are named here too, so the database parses them once on both sides ──

type Row = pg.QueryResultRow;
const failure = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

async function inTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (e) {
    await c.query('rollback').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

/**
 * The caller's own live attempt with its assignment, unlocked, in one query (attempt.take.ts ownAttempt): both rows'
 * columns, told apart by position as ours reads them.
 */
async function ownAttempt(id: string, userId: unknown): Promise<{ s: Row; a: Row }> {
  const { rows, fields } = await pool.query({
    name: 'exam_own_attempt',
    text: `select s.*, a.* from paper_student s join paper_teacher a on a.id = s.paper_teacher_id
            where s.id = $1 and s.tenant_id = $2 and s.user_id = $3 and s.is_deleted = 0`,
    values: [id, process.env.FLOOR_TENANT, userId],
    rowMode: 'array',
  });
  const row = rows[0];
  if (!row) throw failure(404, 'not found');
  const split = fields.findIndex((f, i) => i > 0 && f.name === 'id');
  const pick = (from: number, to: number) =>
    Object.fromEntries(fields.slice(from, to).map((f, i) => [f.name, row[from + i]]));
  return { s: pick(0, split), a: pick(split, fields.length) };
}

/** Locks the attempt read before (FOR UPDATE), read again only if it changed since (attempt.take.ts lockAttempt). */
async function lockAttempt(c: pg.PoolClient, s: Row): Promise<Row> {
  const { rows } = await c.query('select state, end_time from paper_student where id = $1 for update', [s.id]);
  if (rows[0].state === s.state && rows[0].end_time?.getTime() === s.end_time?.getTime()) return s;
  return (await c.query('select * from paper_student where id = $1', [s.id])).rows[0];
}

/** The frozen questions, held in memory per assignment version as ours caches them (assignment.content.ts). */
const contents = new Map<string, Content>();
async function contentOf(a: Row): Promise<Content> {
  const cacheKey = `${a.id}:${(a.update_time as Date).getTime()}`;
  const hit = contents.get(cacheKey);
  if (hit) return hit;
  const { rows } = await pool.query(
    `select t.id, t.parent_id, t.title_id, t.score, i.id as inst_id, i.question_id, i.type, i.stem, i.answer,
            i.analysis, i.config
       from paper_teacher_question t join question_inst i on i.id = t.question_inst_id
      where t.paper_teacher_id = $1 and t.is_deleted = 0 order by t.sort`,
    [a.id],
  );
  const items = await pool.query(
    'select * from question_item_inst where question_inst_id = any($1::bigint[]) and is_deleted = 0 order by sort, id',
    [rows.map((r) => r.inst_id)],
  );
  const content: Content = new Map(
    rows.map((r) => {
      const own = items.rows.filter((i) => i.question_inst_id === r.inst_id);
      const q = {
        id: r.id,
        parentId: r.parent_id,
        titleId: r.title_id,
        questionId: r.question_id,
        questionInstId: r.inst_id,
        type: r.type,
        score: Number(r.score),
        stem: r.stem,
        answer: r.answer,
        analysis: r.analysis,
        fileTypes: r.config?.fileTypes,
        items: own.map((i) => ({
          id: i.id,
          content: i.content,
          isAnswer: i.is_answer,
          score: Number(i.score),
          config: i.config,
        })),
        itemRows: own,
      } as unknown as ContentQuestion;
      return [r.id, q];
    }),
  );
  contents.set(cacheKey, content);
  return content;
}

const graceEnd = (s: Row, a: Row) =>
  s.end_time ? (s.end_time as Date).getTime() + Number(a.grace_seconds) * 1000 : Number.POSITIVE_INFINITY;

/**
 * `exam_paper`: the attempt with its assignment; on first open, in a transaction, the attempt locked, started (an
 * UPDATE … RETURNING) and the timer's job row written; the saved answers; the paper built from the frozen questions
 * in the student's layout.
 */
app.get('/floor/exam-paper', async (req) => {
  const claims = await verified(req);
  const id = (req.query as { paperStudentId: string }).paperStudentId;
  const held = await ownAttempt(id, claims.sub);
  const a = held.a;
  let s = held.s;
  if (s.state === 'not_started') {
    s = await inTransaction(async (c) => {
      const locked = await lockAttempt(c, s);
      if (locked.state !== 'not_started') return locked;
      const now = new Date();
      const extra = Number(locked.extra_minutes) * 60_000;
      const close = new Date(((locked.close_time ?? a.close_time) as Date).getTime() + extra);
      if (now < a.open_time || now >= close) throw failure(400, 'outside the window');
      const limit = new Date(now.getTime() + Number(a.duration) * 60_000 + extra);
      const end = Number(a.duration) > 0 && limit < close ? limit : close;
      const started = await c.query(
        `update paper_student set state = 'in_progress', start_time = $2, end_time = $3, update_time = $2
          where id = $1 and state = 'not_started' returning state, start_time, end_time`,
        [locked.id, now, end],
      );
      if (!started.rows[0]) return locked;
      const out = { ...locked, ...started.rows[0] };
      await c.query(
        `insert into sys_job (id, name, key, payload, run_at, max_attempts)
           values ($1, 'exam.autoSubmit', $2, $3, $4, 5) on conflict do nothing returning id`,
        [newId(), out.id, JSON.stringify({ paperStudentId: out.id }), new Date(graceEnd(out, a))],
      );
      return out;
    });
  }
  const content = await contentOf(a);
  const answers = await pool.query({
    name: 'exam_saved_answers',
    text: 'select paper_teacher_question_id, answer, seq, flagged from paper_student_question where paper_student_id = $1',
    values: [s.id],
  });
  return {
    code: 200,
    success: true,
    data: {
      attempt: {
        id: s.id,
        state: s.state,
        attemptNo: s.attempt_no,
        startTime: s.start_time?.toISOString() ?? null,
        endTime: s.end_time?.toISOString() ?? null,
        serverTime: new Date().toISOString(),
      },
      assignment: {
        id: a.id,
        title: a.title,
        kind: a.kind,
        duration: a.duration,
        totalScore: Number(a.total_score),
        questionCount: questionCount(content),
        remark: a.remark,
      },
      sections: examSections(content, { sections: a.sections as AssignmentSection[] }, s.layout as Layout),
      answers: Object.fromEntries(
        answers.rows.map((r) => [r.paper_teacher_question_id, { answer: r.answer, seq: r.seq, flagged: r.flagged }]),
      ),
    },
    msg: 'ok',
  };
});

interface Save {
  questionId: string;
  answer: AnswerValue;
  seq: number;
  flagged?: number;
}

/**
 * `save_answers`: what a save needs of the attempt and its assignment, then one statement that share-locks the attempt
 * and upserts the answers if it is still open, never lowering a seq (attempt.take.ts writeAnswers).
 */
app.post('/floor/save-answers', async (req) => {
  const claims = await verified(req);
  const body = req.body as { paperStudentId: string; answers: Save[] };
  const { rows } = await pool.query({
    name: 'exam_save_target',
    text: `select s.id, s.state, s.end_time, s.layout, a.id as a_id, a.update_time, a.grace_seconds
             from paper_student s join paper_teacher a on a.id = s.paper_teacher_id
            where s.id = $1 and s.tenant_id = $2 and s.user_id = $3 and s.is_deleted = 0`,
    values: [body.paperStudentId, process.env.FLOOR_TENANT, claims.sub],
  });
  const s = rows[0];
  if (!s) throw failure(404, 'not found');
  if (s.state !== 'in_progress') throw failure(400, 'not in progress');
  const now = new Date();
  if (graceEnd(s, s) < now.getTime()) throw failure(400, 'time is up');
  const content = await contentOf({ id: s.a_id, update_time: s.update_time });
  const layout = new Set((s.layout as Layout).map((e) => e.q));
  const latest = new Map<string, Save>();
  for (const save of body.answers) {
    if (!content.has(save.questionId) || !layout.has(save.questionId)) throw failure(400, 'no such question');
    if ((latest.get(save.questionId)?.seq ?? -1) < save.seq) latest.set(save.questionId, save);
  }
  const values = [...latest.values()].map((save) => ({
    id: newId(),
    question: save.questionId,
    answer: save.answer,
    seq: save.seq,
    flagged: save.flagged ?? 0,
  }));
  const saved = await pool.query(
    `with open as (
       select id, tenant_id, user_id from paper_student
        where id = $1 and state = 'in_progress' and (end_time is null or end_time >= $2::timestamptz - make_interval(secs => $3))
          for share
     ), saved as (
       insert into paper_student_question
         (id, tenant_id, paper_student_id, paper_teacher_question_id, answer, seq, flagged, save_time, create_user,
          update_user)
       select v.id, o.tenant_id, o.id, v.question, v.answer, v.seq, v.flagged, $2::timestamptz, o.user_id, o.user_id
         from open o, jsonb_to_recordset($4::jsonb) as v(id bigint, question bigint, answer jsonb, seq int, flagged int)
       on conflict (paper_student_id, paper_teacher_question_id) do update
          set answer = excluded.answer, seq = excluded.seq, flagged = excluded.flagged,
              save_time = excluded.save_time, update_time = excluded.save_time
        where paper_student_question.seq <= excluded.seq
     )
     select count(*)::int as open from open`,
    [s.id, now.toISOString(), s.grace_seconds, JSON.stringify(values)],
  );
  if (!saved.rows[0].open) throw failure(400, 'submitted');
  return {
    code: 200,
    success: true,
    data: {
      acked: body.answers.map((a) => ({ questionId: a.questionId, seq: a.seq })),
      serverTime: new Date().toISOString(),
      endTime: s.end_time?.toISOString() ?? null,
    },
    msg: 'ok',
  };
});

/**
 * `submit_exam` with nothing left to flush: the attempt with its assignment; in a transaction the attempt locked, the
 * saved answers graded by the server's own function, one UPDATE … FROM unnest, the attempt's state and score, the
 * timer's job deleted; then the student's attempts at the assignment (what 我的考试 shows of it).
 */
app.post('/floor/submit-exam', async (req) => {
  const claims = await verified(req);
  const { paperStudentId } = req.body as { paperStudentId: string };
  const held = await ownAttempt(paperStudentId, claims.sub);
  const a = held.a;
  const done = await inTransaction(async (c) => {
    const s = await lockAttempt(c, held.s);
    if (s.state !== 'in_progress') return s;
    const content = await contentOf(a);
    const saved = await c.query(
      'select id, paper_teacher_question_id, answer from paper_student_question where paper_student_id = $1',
      [s.id],
    );
    let objective = 0;
    let pending = 0;
    const graded: { id: string; result: string; auto: number | null }[] = [];
    for (const r of saved.rows) {
      const q = content.get(r.paper_teacher_question_id);
      if (!q || q.type === 'composite') continue;
      const g = gradeAnswer(q, r.answer, a.multiple_scoring);
      objective += g.autoScore ?? 0;
      if (g.result === 'pending') pending++;
      graded.push({ id: r.id, result: g.result, auto: g.autoScore });
    }
    if (graded.length)
      await c.query(
        `update paper_student_question as t
            set result = v.result, auto_score = v.auto, score = coalesce(v.auto, 0), update_time = now()
           from unnest($1::bigint[], $2::text[], $3::numeric[]) as v(id, result, auto) where t.id = v.id`,
        [graded.map((g) => g.id), graded.map((g) => g.result), graded.map((g) => g.auto)],
      );
    const score = Math.round(objective * 10) / 10;
    const submitted = { state: pending > 0 ? 'marking' : 'marked', submit_time: new Date(), score };
    await c.query(
      `update paper_student set state = $2, submit_time = $3, auto_submitted = 0, objective_score = $4, score = $4,
              update_time = $3 where id = $1`,
      [s.id, submitted.state, submitted.submit_time, score],
    );
    await c.query("delete from sys_job where name = 'exam.autoSubmit' and key = any($1) and state = 'pending'", [
      [s.id],
    ]);
    return { ...s, ...submitted };
  });
  const attempts = await pool.query({
    name: 'exam_my_attempts_at',
    text: `select ${listedColumns} from paper_student
            where tenant_id = $1 and user_id = $2 and paper_teacher_id = $3 and is_deleted = 0 order by attempt_no desc`,
    values: [process.env.FLOOR_TENANT, claims.sub, a.id],
  });
  return {
    code: 200,
    success: true,
    data: { id: done.id, state: done.state, score: Number(done.score), attempts: attempts.rowCount },
    msg: 'ok',
  };
});

/** paper_student's columns but the layout (attempt.mine.ts lists attempts without it). */
const listedColumns = (
  await pool.query(
    `select string_agg(column_name, ', ' order by ordinal_position) as names from information_schema.columns
      where table_name = 'paper_student' and table_schema = current_schema() and column_name <> 'layout'`,
  )
).rows[0].names;

// ── Practical attempts (practical.ts): submit_paper_answer's autosave, its SQL shared with the embedded floor ──
practicalFloor(app, (q) => pool.query(q), process.env.FLOOR_TENANT!, process.env.JWT_SECRET!);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
