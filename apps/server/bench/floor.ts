// The floors: bare Fastify + pg handlers that verify the JWT (HS256, the same secret as the server under test) and
// run only a list's own SQL — no session, user, role or permission queries. Ours must reach ≥ 0.8 of them (ARCHITECTURE
// §9), which a server that asks the database who the caller is on every request cannot. Started by run.ts.
import Fastify, { type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ logger: false });

async function verified(req: FastifyRequest): Promise<void> {
  const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
  await jwtVerify(token, key, { algorithms: ['HS256'] });
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
