import {
  beatCap,
  type CompletionRule,
  type CoursewareProgress,
  creditRanges,
  MAX_BEAT_GAP,
  type StudyHeartbeat,
  type WatchedRange,
  watchedSeconds,
} from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { prepared, rawRows } from '../../core/db/statements.ts';
import { forbidden, notFound } from '../../core/http/errors.ts';
import { course, courseStudy, courseware } from '../../db/schema/index.ts';
import { classScope } from '../academic/academic.api.ts';
import { meetsRule } from './course.locks.ts';
import {
  assertTopicOpen,
  lockRefusal,
  type StudyRow,
  type StudyWare,
  studyState,
  wareProgress,
} from './course.progress.ts';

/**
 * `course_study/heartbeat`: what a student watched (or read) of a courseware since the last beat, measured honestly.
 * The courseware must be theirs to study (a published course of their class, else 404; its topic open, else 403). The
 * ranges are cut to the courseware's length, and what is new in them is credited only up to the clock time since the
 * last beat × MAX_STUDY_RATE (a drag to the end credits seconds, not the video; a first beat credits nothing); time
 * spent grows by the clock (at most MAX_BEAT_GAP a beat); the position is kept to resume anywhere; once the
 * courseware's completion rule is met it stays completed. Two devices beating at once count the clock once: a beat
 * writes only the row version it read, and one that lost the race reads again.
 *
 * Every student of a class beats every 15 s, so the common beat costs two statements: one read (`standingSelect`: the
 * courseware in reach, the facts that could close its topic, the student's row) and one write. Whatever that read
 * cannot settle alone — a prerequisite that may have been met by a passed paper, a courseware completed by its paper,
 * a caller who is not a student — goes through the whole course state (`studyState`), the rules' one statement.
 */
export async function heartbeat(db: Db, p: Principal, body: StudyHeartbeat): Promise<CoursewareProgress> {
  for (let round = 0; round < OPTIMISTIC_ROUNDS; round++) {
    const standing = await beatStanding(db, p, body.coursewareId);
    const saved = await writeBeat(db, p, standing, body);
    if (saved) return wareProgress(standing.ware, saved);
  }
  // Still racing after that many rounds (not seen with a student's few devices): wait for the row's lock instead.
  const standing = await beatStanding(db, p, body.coursewareId);
  return db.transaction(async (tx) => {
    await tx
      .insert(courseStudy)
      .values(newRow(p, standing.ware, new Date()))
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(courseStudy)
      .where(and(eq(courseStudy.coursewareId, standing.ware.id), eq(courseStudy.userId, p.userId)))
      .for('update');
    const [saved] = await tx
      .update(courseStudy)
      .set(nextBeat(standing.ware, row!, body, standing.paperPassed, new Date()))
      .where(eq(courseStudy.id, row!.id))
      .returning();
    return wareProgress(standing.ware, saved);
  });
}

/** Lost races a beat retries (each one means another beat of the same row was written meanwhile). */
const OPTIMISTIC_ROUNDS = 5;

/** A courseware as a beat needs it. */
export interface BeatWare extends StudyWare {
  courseId: string;
}

/** A student's row as a beat reads it, with the version (`xmin`) its write must still find. */
export interface BeatRow {
  id: string;
  version: string;
  ranges: WatchedRange[];
  length: number;
  seconds: number;
  completed: number;
  beatTime: Date | null;
}

/** What a beat may write on: the courseware (reached, its topic open), the student's row if any, a passed paper. */
interface Standing {
  ware: BeatWare;
  row: BeatRow | undefined;
  paperPassed: boolean;
}

/** A topic on the way from the course's root to the courseware's topic, as `standingSelect` reads it. */
interface ChainTopic {
  /** Its release dates to the student's classes (ISO; null for a class without one). */
  releases: (string | null)[] | null;
  /** Prerequisite on: the coursewares of the topic before it (and below that one) without a completed row. */
  pending: number | null;
}

const tenantId = sql.placeholder('tenantId');
const userId = sql.placeholder('userId');
/** The student's classes as an array literal (`{1,2}`): one parameter whatever their number. */
const classes = sql`${sql.placeholder('classes')}::bigint[]`;

/**
 * Each topic from the course's root down to the courseware's topic with what `topicLocks` would weigh: its release
 * dates to the student's classes, and, when its prerequisite switch is on, how many coursewares of the sibling before
 * it (with those below it) the student has not completed. The tree is walked from the root, so a topic under a
 * deleted one is not on it (and open, as the whole state has it).
 */
const chainOfTopics = sql`(
  with recursive tree as (
    select s.id, s.parent_id, s.sort, s.locked, array[s.id] as path from course_sub s
     where s.course_id = ${courseware.courseId} and s.parent_id = 0 and s.is_deleted = 0
    union all
    select s.id, s.parent_id, s.sort, s.locked, t.path || s.id from tree t join course_sub s on s.parent_id = t.id
     where s.course_id = ${courseware.courseId} and s.is_deleted = 0
  ), chain as (
    select o.n, t.id, t.parent_id, t.sort, t.locked
      from tree mine cross join unnest(mine.path) with ordinality o(id, n) join tree t on t.id = o.id
     where mine.id = ${courseware.courseSubId}
  )
  select coalesce(json_agg(json_build_object(
           'releases', (select array_agg(cc.releases ->> c.id::text) from course_class cc
                         where cc.course_id = ${courseware.courseId} and cc.class_id = any(${classes})),
           'pending', case when c.locked = 1 and before.id is not null then (
             select count(*) from courseware w2 join tree t2 on t2.id = w2.course_sub_id
              where before.id = any(t2.path) and w2.course_id = ${courseware.courseId} and w2.is_deleted = 0
                and not exists (select 1 from course_study s2
                                 where s2.courseware_id = w2.id and s2.user_id = ${userId} and s2.completed = 1))
           end) order by c.n), '[]')
    from chain c left join lateral (
      select sib.id from tree sib where sib.parent_id = c.parent_id and (sib.sort, sib.id) < (c.sort, c.id)
       order by sib.sort desc, sib.id desc limit 1) before on true
)`;

/**
 * One statement: the courseware if it is in a published course taught to one of the student's classes (else no
 * row), the student's row of it, and the topics on its path with their locks' facts (`chainOfTopics`). Placeholders
 * `tenantId`, `userId`, `coursewareId`, `classes` (`{…}`); built once and kept prepared (`standingStatement`), since
 * planning it costs more than running it.
 */
export function standingSelect(db: Db) {
  return db
    .select({
      id: sql<string>`${courseware.id}::text`,
      course_id: sql<string>`${courseware.courseId}::text`,
      course_sub_id: sql<string>`${courseware.courseSubId}::text`,
      duration: sql<number>`${courseware.duration}`,
      completion: sql<CompletionRule>`${courseware.completion}`,
      row_id: sql<string | null>`${courseStudy.id}::text`,
      row_version: sql<string | null>`${courseStudy}.xmin::text`,
      ranges: sql<WatchedRange[] | null>`${courseStudy.ranges}`,
      length: sql<number | null>`${courseStudy.length}`,
      seconds: sql<number | null>`${courseStudy.seconds}`,
      completed: sql<number | null>`${courseStudy.completed}`,
      beat_ms: sql<number | null>`(extract(epoch from ${courseStudy.beatTime}) * 1000)::float8`,
      chain: sql<ChainTopic[]>`${chainOfTopics}`,
    })
    .from(courseware)
    .innerJoin(course, eq(course.id, courseware.courseId))
    .leftJoin(courseStudy, and(eq(courseStudy.coursewareId, courseware.id), eq(courseStudy.userId, userId)))
    .where(
      and(
        eq(courseware.id, sql.placeholder('coursewareId')),
        eq(courseware.tenantId, tenantId),
        eq(courseware.isDeleted, 0),
        eq(course.tenantId, tenantId),
        eq(course.isDeleted, 0),
        eq(course.published, 1),
        sql`exists (select 1 from course_class cc where cc.course_id = ${course.id} and cc.class_id = any(${classes}))`,
      ),
    );
}

const standingStatement = prepared((db) => standingSelect(db).prepare('course_heartbeat_standing'));

/** A row of `standingSelect`, as both drivers hand it over. */
export interface StandingRecord {
  id: string;
  course_id: string;
  course_sub_id: string;
  duration: number;
  completion: CompletionRule;
  row_id: string | null;
  row_version: string | null;
  ranges: WatchedRange[] | null;
  length: number | null;
  seconds: number | null;
  completed: number | null;
  beat_ms: number | null;
  chain: ChainTopic[];
}

/** The courseware and the student's row of a `standingSelect` row. */
export function standingOf(r: StandingRecord): { ware: BeatWare; row: BeatRow | undefined } {
  const ware = {
    id: r.id,
    courseId: r.course_id,
    courseSubId: r.course_sub_id,
    duration: r.duration,
    completion: r.completion,
  };
  const row = r.row_id
    ? {
        id: r.row_id,
        version: r.row_version!,
        ranges: r.ranges ?? [],
        length: r.length ?? 0,
        seconds: r.seconds ?? 0,
        completed: r.completed ?? 0,
        beatTime: r.beat_ms === null ? null : new Date(r.beat_ms),
      }
    : undefined;
  return { ware, row };
}

/**
 * What `topicLocks` would say of the courseware's topic, from the root down: a release date still ahead closes it
 * (403 with the date); a prerequisite with coursewares not completed by a row may still be met by a passed paper,
 * which only the whole state knows ('unsure'). Else open.
 */
export function chainLock(chain: ChainTopic[], now: Date): 'open' | 'unsure' | Error {
  for (const topic of chain) {
    const dates = (topic.releases ?? []).filter((at): at is string => !!at).map((at) => new Date(at));
    const release = dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : undefined;
    if (release && release > now) return lockRefusal({ reason: 'release', releaseAt: release.toISOString() });
    if (topic.pending) return 'unsure';
  }
  return 'open';
}

/** The courseware, the student's row and a passed paper, or 404/403 as the study rules answer. */
async function beatStanding(db: Db, p: Principal, coursewareId: string): Promise<Standing> {
  const scope = await classScope(db, p);
  if (scope.kind !== 'student') return wholeStanding(db, p, coursewareId);
  const [record] = (await standingStatement(db).execute({
    tenantId: p.tenantId,
    userId: p.userId,
    coursewareId,
    classes: `{${scope.classIds.join(',')}}`,
  })) as StandingRecord[];
  if (!record) throw notFound();
  const lock = chainLock(record.chain, new Date());
  if (lock instanceof Error) throw lock;
  const { ware, row } = standingOf(record);
  // A courseware completed by its topic's paper reads the student's practice: the whole state does that.
  if (lock === 'unsure' || (ware.completion.kind === 'paper' && row?.completed !== 1))
    return wholeStanding(db, p, coursewareId);
  return { ware, row, paperPassed: false };
}

/** The same answer through the whole course state (`studyState`), for what one statement cannot settle. */
async function wholeStanding(db: Db, p: Principal, coursewareId: string): Promise<Standing> {
  const [ware] = (await db
    .select({
      id: courseware.id,
      courseId: courseware.courseId,
      courseSubId: courseware.courseSubId,
      duration: courseware.duration,
      completion: courseware.completion,
    })
    .from(courseware)
    .where(
      and(eq(courseware.id, coursewareId), eq(courseware.tenantId, p.tenantId), eq(courseware.isDeleted, 0)),
    )) as BeatWare[];
  if (!ware) throw notFound();
  const state = await studyState(db, p, ware.courseId);
  if (!state.student) throw forbidden();
  assertTopicOpen(state, ware.courseSubId);
  const [row] = await rawRows<Omit<BeatRow, 'beatTime'> & { beat_ms: number | null }>(
    db,
    sql`
      select id::text as id, xmin::text as version, ranges, length, seconds, completed,
             (extract(epoch from beat_time) * 1000)::float8 as beat_ms
        from course_study where courseware_id = ${coursewareId} and user_id = ${p.userId}`,
  );
  return {
    ware,
    row: row
      ? {
          ...row,
          beatTime: row.beat_ms === null ? null : new Date(row.beat_ms),
        }
      : undefined,
    paperPassed: state.passed.has(ware.id),
  };
}

/** A first row of a courseware for the student: nothing watched, no beat yet. */
function newRow(p: Principal, ware: BeatWare, now: Date) {
  return {
    id: newId(),
    tenantId: p.tenantId,
    courseId: ware.courseId,
    courseSubId: ware.courseSubId,
    coursewareId: ware.id,
    userId: p.userId,
    createTime: now,
    updateTime: now,
  };
}

/** What a beat writes on a row (none yet: a row with nothing watched and no beat). */
export function nextBeat(
  ware: StudyWare,
  row: { ranges: unknown; length: number; seconds: number; completed: number; beatTime: Date | null } | undefined,
  body: StudyHeartbeat,
  paperPassed: boolean,
  now: Date,
) {
  const was = row ?? { ranges: [], length: 0, seconds: 0, completed: 0, beatTime: null };
  const elapsed = was.beatTime ? (now.getTime() - was.beatTime.getTime()) / 1000 : 0;
  const length = ware.duration || body.duration || body.pageCount || was.length;
  const within = (body.ranges as WatchedRange[])
    .map(([s, e]) => [s, length ? Math.min(e, length) : e] as WatchedRange)
    .filter(([s, e]) => s < e);
  const { ranges } = creditRanges(was.ranges as WatchedRange[], within, beatCap(elapsed));
  const seconds = was.seconds + Math.round(Math.min(Math.max(0, elapsed), MAX_BEAT_GAP));
  const position = length ? Math.min(body.position, length) : body.position;
  const watched = watchedSeconds(ranges, length);
  const completed = was.completed === 1 || meetsRule(ware.completion, { watched, length, seconds, paperPassed });
  return {
    ranges,
    length,
    position,
    seconds,
    beatTime: now,
    updateTime: now,
    ...(completed && was.completed !== 1 ? { completed: 1, completedBy: ware.completion.kind, completeTime: now } : {}),
  };
}

/** What a beat's answer is made of (`wareProgress`). */
const written = {
  ranges: courseStudy.ranges,
  length: courseStudy.length,
  position: courseStudy.position,
  completed: courseStudy.completed,
};

/** A placeholder where drizzle takes only a column's own type (its value sent as the driver has it). */
const slot = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The row updated by a beat if it is still the version read (`xmin`); with the completion's columns or without.
 * Built once: drizzle would otherwise build the statement's SQL on every beat. `ranges` goes as JSON text, times as
 * ISO text.
 */
const beatUpdate = (completing: boolean) =>
  prepared((db) =>
    db
      .update(courseStudy)
      .set({
        ranges: sql`${sql.placeholder('ranges')}::jsonb`,
        length: slot('length'),
        position: slot('position'),
        seconds: slot('seconds'),
        beatTime: sql`${sql.placeholder('beatTime')}::timestamptz`,
        updateTime: sql`${sql.placeholder('beatTime')}::timestamptz`,
        ...(completing
          ? {
              completed: 1,
              completedBy: slot('completedBy'),
              completeTime: sql`${sql.placeholder('beatTime')}::timestamptz`,
            }
          : {}),
      })
      .where(and(eq(courseStudy.id, sql.placeholder('id')), sql`xmin::text = ${sql.placeholder('version')}`))
      .returning(written)
      .prepare(completing ? 'course_heartbeat_complete' : 'course_heartbeat_beat'),
  );
const beatStatement = beatUpdate(false);
const completingStatement = beatUpdate(true);

/**
 * The beat written in one statement: a first row inserted (nothing if another beat inserted it meanwhile), or the
 * row updated if it is still the version read. Undefined when another beat got there first: read again.
 */
async function writeBeat(db: Db, p: Principal, s: Standing, body: StudyHeartbeat): Promise<BeatAnswer | undefined> {
  const now = new Date();
  const values = nextBeat(s.ware, s.row, body, s.paperPassed, now);
  if (!s.row) {
    const [saved] = await db
      .insert(courseStudy)
      .values({ ...newRow(p, s.ware, now), ...values })
      .onConflictDoNothing()
      .returning(written);
    return saved;
  }
  const statement = values.completed ? completingStatement : beatStatement;
  const [saved] = await statement(db).execute({
    ranges: JSON.stringify(values.ranges),
    length: values.length,
    position: values.position,
    seconds: values.seconds,
    beatTime: now.toISOString(),
    completedBy: values.completedBy ?? '',
    id: s.row.id,
    version: s.row.version,
  });
  return saved;
}

/** A written row as the answer reads it. */
type BeatAnswer = Pick<StudyRow, 'ranges' | 'length' | 'position' | 'completed'>;
