// The floor: a bare Fastify + pg handler running the same SQL as an authenticated `param/list` call
// (session/user/tenant lookup, roles, page, count) with none of our layers. Started as a child process by run.ts.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/floor/param-list', async (req) => {
  const sid = (req.query as { sid: string }).sid;
  const key = (req.query as { paramKey?: string }).paramKey ?? '';
  const s = await pool.query(
    `select u.account, u.status, u.dept_id, u.tenant_id, s.revoked_at, s.user_id, t.status as tstatus, t.expire_time
       from auth_session s join sys_user u on u.id = s.user_id and u.is_deleted = 0
       join sys_tenant t on t.tenant_id = u.tenant_id and t.is_deleted = 0 where s.id = $1`,
    [sid],
  );
  const user = s.rows[0];
  await pool.query(
    `select r.id, r.role_alias from sys_user_role ur join sys_role r on r.id = ur.role_id
      where ur.user_id = $1 and r.tenant_id = $2 and r.is_deleted = 0 and r.status = 1 order by r.sort, r.id`,
    [user.user_id, user.tenant_id],
  );
  const where = `is_deleted = 0 and param_key ilike $1`;
  const [rows, total] = await Promise.all([
    pool.query(`select * from sys_param where ${where} order by create_time desc, id desc limit 10 offset 0`, [
      `%${key}%`,
    ]),
    pool.query(`select count(*)::int as n from sys_param where ${where}`, [`%${key}%`]),
  ]);
  return {
    code: 200,
    success: true,
    data: { records: rows.rows, total: total.rows[0].n, size: 10, current: 1 },
    msg: 'ok',
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
