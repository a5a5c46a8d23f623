// The floor of the study heartbeat bench (heartbeat.ts): a bare Fastify + pg server that verifies the token and runs
// the statements the server's heartbeat runs for a student's beat (course.heartbeat.ts) — the same read, built by the
// server's own `standingSelect` (the courseware in reach, the locks on its topic's path, the student's row), and the
// same one-statement write of the row version read — with the server's own pure rules (`chainLock`, `nextBeat`) and
// answer (`wareProgress`). No session, user, role, permission or class-scope queries (the server keeps those per
// session), no validation library, no ORM; the student's classes given, as the server has them from its session
// cache. heartbeat.ts forks this file: on PostgreSQL as the floor alone (BENCH_HEARTBEAT_FLOOR=1, its own pool); on
// the embedded default as the host of both the server and the floor on one PGlite (BENCH_HEARTBEAT_HOST=1).
import type { StudyHeartbeat } from '@shixun/contracts';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
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
import { hostEmbedded } from './embedded-host.ts';

/** A statement on whichever database the floor is given: pg's Pool.query (named: parsed once a connection), PGlite's. */
export type FloorQuery = (q: {
  name: string;
  text: string;
  values: unknown[];
  rowMode?: 'array';
}) => Promise<{ rows: unknown[] }>;

/** The server's read, its SQL taken from the server's own builder once, run as a named statement as the server's is. */
// The SQL only: the pool is never connected.
const builder = standingSelect(drizzle(new pg.Pool()));
const read = builder.toSQL();
/** Its columns come unnamed (drizzle reads them by position): the fields' names in order. */
const fields = Object.keys(builder._.selectedFields);
const readParams = (values: Record<string, unknown>) =>
  read.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));

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

/** `POST /floor/heartbeat`: a student's beat, as the server's heartbeat answers it. */
export function heartbeatFloor(
  app: FastifyInstance,
  opts: { query: FloorQuery; classIds: string[]; secret: string },
): void {
  const key = new TextEncoder().encode(opts.secret);
  const { query, classIds } = opts;
  app.post('/floor/heartbeat', async (req: FastifyRequest, reply) => {
    const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
    const claims = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
    const tenantId = String(claims.tid);
    const userId = String(claims.sub);
    const body = req.body as StudyHeartbeat;
    const values = readParams({
      tenantId,
      userId,
      coursewareId: body.coursewareId,
      classes: `{${classIds.join(',')}}`,
    });
    const { rows } = await query({ name: 'floor_heartbeat_standing', text: read.sql, values, rowMode: 'array' });
    const [first] = rows as unknown[][];
    const record = first && (Object.fromEntries(fields.map((f, i) => [f, first[i]])) as unknown as StandingRecord);
    if (!record) return reply.status(404).send({ ok: false });
    const lock = chainLock(record.chain, new Date());
    // The bench's courseware is in an open topic and completes by share: the floor has no whole-state path.
    if (lock !== 'open' || record.completion.kind === 'paper') return reply.status(403).send({ ok: false });
    const { ware, row } = standingOf(record);
    const now = new Date();
    const next: Record<string, unknown> = nextBeat(ware, row, body, false, now);
    let saved: Pick<StudyRow, 'ranges' | 'length' | 'position' | 'completed'> | undefined;
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
        await query({
          name: '',
          text: `insert into course_study (${keys.map((k) => COLUMNS[k]).join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})
         on conflict do nothing ${RETURNING}`,
          values: keys.map((k) => param(all[k])),
        })
      ).rows as (typeof saved)[];
    } else {
      const completing = next.completed === 1;
      [saved] = (
        await query({
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
      ).rows as (typeof saved)[];
    }
    // The bench beats each student's row from one client at a time: a lost race would be a fault here.
    if (!saved) return reply.status(409).send({ ok: false });
    return { code: 200, success: true, data: wareProgress(ware, saved), msg: '操作成功' };
  });
}

/** On PostgreSQL: a process and a pool of its own, as floor.ts. */
async function floorProcess(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  heartbeatFloor(app, {
    query: (q) => pool.query(q.name ? q : { text: q.text, values: q.values }),
    classIds: process.env.FLOOR_CLASS_IDS!.split(','),
    secret: process.env.JWT_SECRET!,
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send?.('ready');
}

if (process.env.BENCH_HEARTBEAT_FLOOR === '1') await floorProcess();
if (process.env.BENCH_HEARTBEAT_HOST === '1') {
  await hostEmbedded((floor, client, { secret }) =>
    heartbeatFloor(floor, {
      query: (q) => client.query(q.text, q.values, { rowMode: q.rowMode ?? 'object' }),
      classIds: process.env.FLOOR_CLASS_IDS!.split(','),
      secret,
    }),
  );
}
