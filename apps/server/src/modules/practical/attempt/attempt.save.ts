import type { ItemSave, PracticalSave, PracticalSaveAck } from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { prepared, rawRows } from '../../../core/db/statements.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { practicalStudent, practicalTeacher } from '../../../db/schema/index.ts';
import { type Content, contentOf, lockAttempt } from './attempt.held.ts';
import { recordsOf, rescore } from './attempt.score.ts';

/** Saves are still taken this long after the close time (a slow workshop network). */
export const GRACE_MS = 60_000;

/** What a save needs of the caller's own attempt and its assignment (the hottest call of the workbench). */
const saveTargetQuery = prepared((db) =>
  db
    .select({
      id: practicalStudent.id,
      state: practicalStudent.state,
      a: {
        id: practicalTeacher.id,
        tenantId: practicalTeacher.tenantId,
        recorder: practicalTeacher.recorder,
        openTime: practicalTeacher.openTime,
        closeTime: practicalTeacher.closeTime,
        content: practicalTeacher.content,
      },
    })
    .from(practicalStudent)
    .innerJoin(practicalTeacher, eq(practicalTeacher.id, practicalStudent.practicalTeacherId))
    .where(
      and(
        eq(practicalStudent.id, sql.placeholder('id')),
        eq(practicalStudent.tenantId, sql.placeholder('tenantId')),
        eq(practicalStudent.userId, sql.placeholder('userId')),
        eq(practicalStudent.isDeleted, 0),
        eq(practicalTeacher.isDeleted, 0),
      ),
    )
    .prepare('practical_save_target'),
);

/** An item of this assignment, else 400. */
function assertItems(content: Content, saves: { inspectionId: string }[]): void {
  for (const s of saves) if (!content.items.has(s.inspectionId)) throw badRequest('practical.item.invalid');
}

/**
 * Writes the student's records in one statement that takes them only while the attempt is still being recorded (it
 * share-locks the row, so a hand-in waits for saves in flight): each item with its client sequence number — an older
 * save changes nothing; each save carries the item's whole record. The attempt starts with its first save.
 */
async function writeRecords(db: Db, attemptId: string, content: Content, saves: ItemSave[]): Promise<boolean> {
  const latest = new Map<string, ItemSave>();
  for (const s of saves) if ((latest.get(s.inspectionId)?.seq ?? -1) < s.seq) latest.set(s.inspectionId, s);
  const rows = [...latest.values()].map((s) => ({
    id: newId(),
    item: s.inspectionId,
    point: content.items.get(s.inspectionId)!.point.id,
    seq: s.seq,
    value: s.value ?? null,
    passed: s.passed ?? null,
    note: s.note ?? '',
    evidence: s.evidence ?? [],
  }));
  const at = new Date().toISOString();
  const [open] = await rawRows<{ n: number }>(
    db,
    sql`
    with open as (
      select id, tenant_id, user_id from practical_student
       where id = ${attemptId} and state in ('not_started', 'in_progress')
         for share
    ), started as (
      update practical_student set state = 'in_progress', start_time = ${at}::timestamptz, update_time = ${at}::timestamptz
       where id = (select id from open) and state = 'not_started'
      returning id
    ), saved as (
      insert into practical_student_inspection as t
        (id, tenant_id, practical_student_id, inspection_id, point_id, student_value, passed, note, evidence, seq,
         save_time, create_user, update_user)
      select v.id, o.tenant_id, o.id, v.item, v.point, v.value, v.passed, v.note, v.evidence, v.seq, ${at}::timestamptz, o.user_id, o.user_id
        from open o,
             jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as v(id bigint, item bigint, point bigint, seq int, value text, passed int, note text, evidence jsonb)
      on conflict (practical_student_id, inspection_id) do update
         set student_value = excluded.student_value, passed = excluded.passed, note = excluded.note,
             evidence = excluded.evidence, seq = excluded.seq, save_time = excluded.save_time,
             update_time = excluded.save_time
       -- Equal numbers: the same edit sent again, or two devices that both made edit n — the later write stands.
       where t.seq <= excluded.seq
    )
    select count(*)::int as n from open`,
  );
  return Boolean(open?.n);
}

/** The points that want evidence and have none on any of their items, by name. */
async function missingEvidence(db: Db, attemptId: string, content: Content): Promise<string | undefined> {
  const { items } = await recordsOf(db, attemptId);
  const withEvidence = new Set(items.filter((r) => r.evidence.length).map((r) => r.inspectionId));
  return content.points.find((p) => p.evidenceRequired === 1 && !p.items.some((i) => withEvidence.has(i.id)))?.name;
}

/**
 * `submit_paper_answer`: the student's readings saved (autosave), and with `final` the record handed in — their
 * signature — and scored. Before the open time, after the close time (and its grace), when the teacher records, or
 * once handed in, nothing is taken.
 */
export async function saveRecords(db: Db, p: Principal, body: PracticalSave): Promise<PracticalSaveAck> {
  const [target] = await saveTargetQuery(db).execute({
    id: body.practicalStudentId,
    tenantId: p.tenantId,
    userId: p.userId,
  });
  if (!target) throw notFound();
  const a = target.a;
  if (a.recorder === 'teacher' && body.items.length) throw badRequest('practical.teacherRecords');
  if (target.state === 'submitted' || target.state === 'marked') throw badRequest('practical.submitted');
  const now = Date.now();
  if (now < a.openTime.getTime()) throw badRequest('exam.notOpen', { time: a.openTime });
  if (now > a.closeTime.getTime() + GRACE_MS) throw badRequest('exam.closed');
  const content = contentOf(a);
  assertItems(content, body.items);
  const acked = body.items.map((i) => ({ inspectionId: i.inspectionId, seq: i.seq }));
  if (!body.final) {
    if (body.items.length && !(await writeRecords(db, target.id, content, body.items)))
      throw badRequest('practical.submitted');
    return { acked, state: 'in_progress', serverTime: new Date().toISOString() };
  }
  await db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, target.id);
    if (locked.state === 'submitted' || locked.state === 'marked') throw badRequest('practical.submitted');
    if (body.items.length) await writeRecords(tx, target.id, content, body.items);
    const missing = await missingEvidence(tx, target.id, content);
    if (missing) throw badRequest('practical.evidence.required', { name: missing });
    const at = new Date();
    await tx
      .update(practicalStudent)
      .set({ state: 'submitted', submitTime: at, startTime: locked.startTime ?? at, updateTime: at })
      .where(eq(practicalStudent.id, target.id));
    await rescore(tx, a, target.id);
  });
  return { acked, state: 'submitted', serverTime: new Date().toISOString() };
}
