// The floor of the study heartbeat bench (heartbeat.ts): a bare Fastify + pg server that verifies the token and runs
// the statements the server's heartbeat runs for a student's beat (course.heartbeat.ts) — the same read, built by the
// server's own `standingSelect` (the courseware in reach, the locks on its topic's path, the student's row), and the
// same one-statement write of the row version read — with the server's own pure rules (`chainLock`, `nextBeat`) and
// answer (`wareProgress`). No session, user, role, permission or class-scope queries (the server keeps those per
// session), no validation library, no ORM. Forked by heartbeat.ts (BENCH_HEARTBEAT_FLOOR=1); the student's classes
// come in FLOOR_CLASS_IDS, as the server has them from its session cache.
import type { StudyHeartbeat } from '@shixun/contracts';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { newId } from '../src/core/db/ids.ts';
import {
  chainLock,
  nextBeat,
  type StandingRecord,
  standingOf,
  standingSelect,
} from '../src/modules/course/course.heartbeat.ts';
import type { StudyRow } from '../src/modules/course/course.progress.ts';
import { wareProgress } from '../src/modules/course/course.progress.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const classIds = process.env.FLOOR_CLASS_IDS!.split(',');
/** The server's read, its SQL taken from the server's own builder once, run as a named statement as the server's is. */
const builder = standingSelect(drizzle(pool));
const read = builder.toSQL();
/** Its columns come unnamed (drizzle reads them by position): the fields' names in order. */
const fields = Object.keys(builder._.selectedFields);
const readParams = (values: Record<string, unknown>) =>
  read.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
const app = Fastify({ logger: false });

/** The write's columns, as drizzle names them for `course_study`. */
const COLUMNS: Record<string, string> = {
  id: 'id',
  tenantId: 'tenant_id',
  courseId: 'course_id',
  courseSubId: 'course_sub_id',
  coursewareId: 'courseware_id',
  userId: 'user_id',
  ranges: 'ranges',
  length: 'length',
  position: 'position',
  seconds: 'seconds',
  beatTime: 'beat_time',
  createTime: 'create_time',
  updateTime: 'update_time',
  completed: 'completed',
  completedBy: 'completed_by',
  completeTime: 'complete_time',
};
const RETURNING = 'returning ranges, length, position, completed';
/** The server's prepared writes of a beat (course.heartbeat.ts `beatUpdate`), written out. */
const SET = `ranges = $1::jsonb, length = $2, position = $3, seconds = $4, beat_time = $5::timestamptz,
  update_time = $5::timestamptz`;
const WHERE = 'where id = $6 and xmin::text = $7';
const BEAT = `update course_study set ${SET} ${WHERE} ${RETURNING}`;
const COMPLETE = `update course_study set ${SET}, completed = 1, completed_by = $8, complete_time = $5::timestamptz
  ${WHERE} ${RETURNING}`;
/** jsonb goes over the wire as its text, as drizzle sends it. */
const param = (v: unknown) => (Array.isArray(v) ? JSON.stringify(v) : v);

app.post('/floor/heartbeat', async (req: FastifyRequest, reply) => {
  const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
  const claims = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
  const tenantId = String(claims.tid);
  const userId = String(claims.sub);
  const body = req.body as StudyHeartbeat;
  const values = readParams({ tenantId, userId, coursewareId: body.coursewareId, classes: `{${classIds.join(',')}}` });
  const { rows } = await pool.query({ name: 'floor_heartbeat_standing', text: read.sql, values, rowMode: 'array' });
  const [first] = rows as unknown[][];
  const record = first && (Object.fromEntries(fields.map((f, i) => [f, first[i]])) as unknown as StandingRecord);
  if (!record) return reply.status(404).send({ ok: false });
  const lock = chainLock(record.chain, new Date());
  // The bench's courseware is in an open topic and completes by share: the floor has no whole-state path.
  if (lock !== 'open' || record.completion.kind === 'paper') return reply.status(403).send({ ok: false });
  const { ware, row } = standingOf(record);
  const now = new Date();
  const next: Record<string, unknown> = nextBeat(ware, row, body, false, now);
  let saved: StudyRow | undefined;
  if (!row) {
    const all: Record<string, unknown> = {
      id: newId(),
      tenantId,
      courseId: ware.courseId,
      courseSubId: ware.courseSubId,
      coursewareId: ware.id,
      userId,
      createTime: now,
      ...next,
    };
    const keys = Object.keys(all);
    [saved] = (
      await pool.query(
        `insert into course_study (${keys.map((k) => COLUMNS[k]).join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})
         on conflict do nothing ${RETURNING}`,
        keys.map((k) => param(all[k])),
      )
    ).rows;
  } else {
    const completing = next.completed === 1;
    [saved] = (
      await pool.query({
        name: completing ? 'floor_heartbeat_complete' : 'floor_heartbeat_beat',
        text: completing ? COMPLETE : BEAT,
        values: [
          JSON.stringify(next.ranges),
          next.length,
          next.position,
          next.seconds,
          now.toISOString(),
          row.id,
          row.version,
          ...(completing ? [next.completedBy] : []),
        ],
      })
    ).rows;
  }
  // The bench beats each student's row from one client at a time: a lost race would be a fault here.
  if (!saved) return reply.status(409).send({ ok: false });
  return { code: 200, success: true, data: wareProgress(ware, saved), msg: '操作成功' };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
