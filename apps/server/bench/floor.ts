// The floors: bare Fastify + pg handlers that verify the JWT (HS256, the same secret as the server under test) and
// run only a request's own SQL — no session, user, role or permission queries. Ours must reach ≥ 0.8 of them
// (ARCHITECTURE §9), which a server that asks the database who the caller is on every request cannot. The exam floors
// build their answers with the server's own pure functions (the paper as a student sees it, grading), so only the
// request handling and data access differ. Started by run.ts.
import type { AnswerValue, AssignmentSection } from '@shixun/contracts';
import Fastify, { type FastifyRequest } from 'fastify';
import { type JWTPayload, jwtVerify } from 'jose';
import pg from 'pg';
import { newId } from '../src/core/db/ids.ts';
import {
  type Content,
  type ContentQuestion,
  examSections,
  questionCount,
} from '../src/modules/assignment/assignment.content.ts';
import type { Layout } from '../src/modules/assignment/assignment.layout.ts';
import { gradeAnswer } from '../src/modules/assignment/attempt.grade.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ logger: false });

async function verified(req: FastifyRequest): Promise<JWTPayload> {
  const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
  return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
}

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

// ── Exams (run.ts examBench): exam_paper, save_answers and submit_exam with ours' SQL in ours' transaction shape ──

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

/** The caller's own live attempt, locked as ours locks it (attempt.take.ts ownAttempt). */
async function ownAttempt(c: pg.PoolClient, id: string, userId: unknown, lock: 'update' | 'share'): Promise<Row> {
  const { rows } = await c.query(
    `select * from paper_student where id = $1 and tenant_id = $2 and user_id = $3 and is_deleted = 0 for ${lock}`,
    [id, process.env.FLOOR_TENANT, userId],
  );
  if (!rows[0]) throw failure(404, 'not found');
  return rows[0];
}

async function assignmentOf(c: pg.PoolClient, id: string): Promise<Row> {
  const { rows } = await c.query('select * from paper_teacher where tenant_id = $1 and id = $2 and is_deleted = 0', [
    process.env.FLOOR_TENANT,
    id,
  ]);
  return rows[0]!;
}

/** The frozen questions, held in memory per assignment version as ours caches them (assignment.content.ts). */
const contents = new Map<string, Content>();
async function contentOf(c: pg.PoolClient, a: Row): Promise<Content> {
  const cacheKey = `${a.id}:${(a.update_time as Date).getTime()}`;
  const hit = contents.get(cacheKey);
  if (hit) return hit;
  const { rows } = await c.query(
    `select t.id, t.parent_id, t.title_id, t.score, i.id as inst_id, i.question_id, i.type, i.stem, i.answer,
            i.analysis, i.config
       from paper_teacher_question t join question_inst i on i.id = t.question_inst_id
      where t.paper_teacher_id = $1 and t.is_deleted = 0 order by t.sort`,
    [a.id],
  );
  const items = await c.query(
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
 * `exam_paper`: the attempt locked, the assignment, on first open the start (an UPDATE … RETURNING and the timer's
 * job row), the saved answers; the paper built from the frozen questions in the student's layout.
 */
app.get('/floor/exam-paper', async (req) => {
  const claims = await verified(req);
  const id = (req.query as { paperStudentId: string }).paperStudentId;
  const paper = await inTransaction(async (c) => {
    let s = await ownAttempt(c, id, claims.sub, 'update');
    const a = await assignmentOf(c, s.paper_teacher_id);
    if (s.state === 'not_started') {
      const now = new Date();
      const extra = Number(s.extra_minutes) * 60_000;
      const close = new Date(((s.close_time ?? a.close_time) as Date).getTime() + extra);
      if (now < a.open_time || now >= close) throw failure(400, 'outside the window');
      const limit = new Date(now.getTime() + Number(a.duration) * 60_000 + extra);
      const end = Number(a.duration) > 0 && limit < close ? limit : close;
      const started = await c.query(
        `update paper_student set state = 'in_progress', start_time = $2, end_time = $3, update_time = $2
          where id = $1 and state = 'not_started' returning *`,
        [s.id, now, end],
      );
      if (started.rows[0]) {
        s = started.rows[0];
        await c.query(
          `insert into sys_job (id, name, key, payload, run_at, max_attempts)
             values ($1, 'exam.autoSubmit', $2, $3, $4, 5) on conflict do nothing returning id`,
          [newId(), s.id, JSON.stringify({ paperStudentId: s.id }), new Date(graceEnd(s, a))],
        );
      }
    }
    const content = await contentOf(c, a);
    const answers = await c.query(
      'select paper_teacher_question_id, answer, seq, flagged from paper_student_question where paper_student_id = $1',
      [s.id],
    );
    return { s, a, content, answers: answers.rows };
  });
  const { s, a, content, answers } = paper;
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
        answers.map((r) => [r.paper_teacher_question_id, { answer: r.answer, seq: r.seq, flagged: r.flagged }]),
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

/** `save_answers`: the attempt share-locked, the assignment (its grace), one upsert that never lowers a seq. */
app.post('/floor/save-answers', async (req) => {
  const claims = await verified(req);
  const body = req.body as { paperStudentId: string; answers: Save[] };
  const s = await inTransaction(async (c) => {
    const s = await ownAttempt(c, body.paperStudentId, claims.sub, 'share');
    if (s.state !== 'in_progress') throw failure(400, 'not in progress');
    const a = await assignmentOf(c, s.paper_teacher_id);
    if (graceEnd(s, a) < Date.now()) throw failure(400, 'time is up');
    const content = await contentOf(c, a);
    const latest = new Map<string, Save>();
    for (const save of body.answers) {
      if (!content.has(save.questionId)) throw failure(400, 'no such question');
      if ((latest.get(save.questionId)?.seq ?? -1) < save.seq) latest.set(save.questionId, save);
    }
    const now = new Date();
    const args: unknown[] = [s.tenant_id, s.id, now, s.user_id];
    const rows = [...latest.values()].map((save) => {
      const n = args.push(newId(), save.questionId, JSON.stringify(save.answer), save.seq, save.flagged ?? 0);
      return `($${n - 4}, $1, $2, $${n - 3}, $${n - 2}::jsonb, $${n - 1}, $${n}, $3, $4, $4)`;
    });
    await c.query(
      `insert into paper_student_question
         (id, tenant_id, paper_student_id, paper_teacher_question_id, answer, seq, flagged, save_time, create_user,
          update_user)
       values ${rows.join(', ')}
       on conflict (paper_student_id, paper_teacher_question_id) do update
         set answer = excluded.answer, seq = excluded.seq, flagged = excluded.flagged, save_time = $3, update_time = $3
         where paper_student_question.seq < excluded.seq`,
      args,
    );
    return s;
  });
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
 * `submit_exam` with nothing left to flush: the attempt locked, the assignment, the saved answers graded by the
 * server's own function, one UPDATE … FROM (VALUES …), the attempt's state and score, the timer's job deleted.
 */
app.post('/floor/submit-exam', async (req) => {
  const claims = await verified(req);
  const { paperStudentId } = req.body as { paperStudentId: string };
  const done = await inTransaction(async (c) => {
    const s = await ownAttempt(c, paperStudentId, claims.sub, 'update');
    if (s.state !== 'in_progress') return s;
    const a = await assignmentOf(c, s.paper_teacher_id);
    const content = await contentOf(c, a);
    const saved = await c.query(
      'select id, paper_teacher_question_id, answer from paper_student_question where paper_student_id = $1',
      [s.id],
    );
    let objective = 0;
    let pending = 0;
    const args: unknown[] = [];
    const values: string[] = [];
    for (const r of saved.rows) {
      const q = content.get(r.paper_teacher_question_id);
      if (!q || q.type === 'composite') continue;
      const g = gradeAnswer(q, r.answer, a.multiple_scoring);
      objective += g.autoScore ?? 0;
      if (g.result === 'pending') pending++;
      const n = args.push(r.id, g.result, g.autoScore);
      values.push(`($${n - 2}::bigint, $${n - 1}, $${n}::numeric)`);
    }
    if (values.length)
      await c.query(
        `update paper_student_question as t
            set result = v.result, auto_score = v.auto, score = coalesce(v.auto, 0), update_time = now()
           from (values ${values.join(', ')}) as v(id, result, auto) where t.id = v.id`,
        args,
      );
    const score = Math.round(objective * 10) / 10;
    const now = new Date();
    const updated = await c.query(
      `update paper_student set state = $2, submit_time = $3, auto_submitted = 0, objective_score = $4, score = $4,
              update_time = $3 where id = $1 returning *`,
      [s.id, pending > 0 ? 'marking' : 'marked', now, score],
    );
    await c.query("delete from sys_job where name = 'exam.autoSubmit' and key = $1 and state = 'pending'", [s.id]);
    return updated.rows[0]!;
  });
  return { code: 200, success: true, data: { id: done.id, state: done.state, score: Number(done.score) }, msg: 'ok' };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
