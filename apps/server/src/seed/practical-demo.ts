import { evaluateAttempt, type FrozenItem, type FrozenPoint, PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Principal } from '../core/access/principal.ts';
import type { Db } from '../core/db/client.ts';
import {
  practicalInspection,
  practicalPaper,
  practicalPoint,
  practicalStudent,
  practicalStudentInspection,
  practicalStudentLog,
  practicalTeacher,
  setting,
} from '../db/schema/index.ts';
import { seedOf } from '../modules/assignment/assignment/assignment.layout.ts';
import { seededRandom } from '../modules/paper/paper.api.ts';
import { assignPractical } from '../modules/practical/assignment/assignment.assign.ts';
import { correctAttempt } from '../modules/practical/attempt/attempt.correct.ts';
import { paperDetail } from '../modules/practical/attempt/attempt.detail.ts';
import { saveRecords } from '../modules/practical/attempt/attempt.save.ts';
import { recomputeTotals } from '../modules/practical/practical.totals.ts';
import { demoPrincipal, demoTeacher } from './demo-principal.ts';

const T = PLATFORM_TENANT_ID;
/** teacher1 (王老师), who owns the demo bank and papers too. */
const OWNER = '70200';
const TASK = '74100';

type Item = Omit<typeof practicalInspection.$inferInsert, 'id' | 'tenantId' | 'paperId' | 'pointId'>;
const reading = (name: string, nominal: string, lower: string | null, upper: string | null, more: Partial<Item> = {}) =>
  ({
    name,
    kind: 'measure',
    nominal,
    lowerDeviation: lower,
    upperDeviation: upper,
    unit: 'mm',
    instrument: '外径千分尺',
    resolution: '0.01',
    method: '在两端及中部各测一次，取最不利值',
    ...more,
  }) satisfies Item;
const check = (name: string, method: string): Item => ({ name, kind: 'check', method });

/** Three points — sizes, surface and shape, safety (否决项) — with eight inspection items between them. */
const POINTS: { name: string; score: number; rule: string; critical?: number; requirement: string; items: Item[] }[] = [
  {
    name: '外圆与长度尺寸',
    score: 60,
    rule: 'proportional',
    requirement: '<p>各尺寸在公差内得该项分；接近公差中值的得满分。</p>',
    items: [
      reading('Ø30 外圆', '30.00', '-0.033', '0', {
        bands: [
          { within: '0.01', fraction: 1 },
          { within: '0.02', fraction: 0.8 },
        ],
      }),
      reading('Ø25 外圆', '25.00', '-0.021', '0'),
      reading('Ø20 外圆', '20.00', '-0.1', '0.1', { instrument: '游标卡尺', resolution: '0.02' }),
      reading('总长 120', '120.00', '-0.2', '0.2', { instrument: '游标卡尺', resolution: '0.02' }),
      reading('台阶长 40', '40.00', '-0.1', '0.1', { instrument: '游标卡尺', resolution: '0.02' }),
    ],
  },
  {
    name: '表面质量与形状',
    score: 30,
    rule: 'proportional',
    requirement: '<p>表面粗糙度用样块比对；倒角、去毛刺目测。</p>',
    items: [
      reading('外圆表面粗糙度 Ra', '0', null, '3.2', { unit: 'μm', instrument: '粗糙度样块', resolution: '0.1' }),
      check('倒角 C1、去毛刺', '目测、手感'),
    ],
  },
  {
    name: '安全文明生产',
    score: 10,
    rule: 'all',
    critical: 1,
    requirement: '<p>未戴防护眼镜、戴手套操作车床等违规操作，本项不合格并判定整个任务不合格。</p>',
    items: [check('防护用品穿戴与规范操作', '全程观察')],
  },
];

/**
 * The demo school's practical task, teacher1's: 阶梯轴车削加工 — three assessment points (one critical) and eight
 * inspection items, readings against tolerances on a micrometer or a caliper. Seeded once.
 */
export async function seedPracticalDemo(db: Db): Promise<void> {
  const [done] = await db.select({ id: practicalPaper.id }).from(practicalPaper).where(eq(practicalPaper.id, TASK));
  if (done) return;
  const audit = { tenantId: T, createUser: OWNER, updateUser: OWNER };
  await db.transaction(async (tx) => {
    await tx.insert(practicalPaper).values({
      ...audit,
      id: TASK,
      title: '阶梯轴车削加工',
      duration: 180,
      passScore: 60,
      task: '<p>按图样车削 45 钢阶梯轴一件（毛坯 Ø35×125）：外圆 Ø30、Ø25、Ø20，总长 120，台阶长 40，倒角 C1。</p>',
      safety: '<p>穿工作服、戴防护眼镜，严禁戴手套操作车床；工件装夹牢固后再开车，停车后再测量。</p>',
    });
    let id = 74110;
    for (const [sort, point] of POINTS.entries()) {
      const pointId = String(id++);
      const { items, ...fields } = point;
      await tx.insert(practicalPoint).values({ ...audit, ...fields, id: pointId, paperId: TASK, sort });
      await tx
        .insert(practicalInspection)
        .values(items.map((item, i) => ({ ...audit, ...item, id: String(id++), paperId: TASK, pointId, sort: i })));
    }
    await recomputeTotals(tx, [TASK]);
  });
}

const DEMO_ASSIGNED = 'seed.practicalDemoAssigned';
/** 2024级1班: student01 … student10 (users 70301 …). */
const CLASS = '70140';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A reading a student of this skill might take: near the middle of the tolerance, spread wider the less skilled. */
function readingOf(item: FrozenItem, skill: number, random: () => number): string {
  const step = Number(item.resolution ?? '0.01');
  const nominal = Number(item.nominal ?? '0');
  const lower = item.lowerDeviation === null ? undefined : nominal + Number(item.lowerDeviation);
  const upper = item.upperDeviation === null ? undefined : nominal + Number(item.upperDeviation);
  const middle = lower !== undefined && upper !== undefined ? (lower + upper) / 2 : ((upper ?? nominal) + nominal) / 2;
  const half =
    lower !== undefined && upper !== undefined ? (upper - lower) / 2 : Math.abs((upper ?? nominal) - nominal) / 2;
  const spread = half * (1.4 - skill);
  const value = middle + (random() * 2 - 1) * spread;
  const places = item.resolution?.split('.')[1]?.length ?? 0;
  return (Math.round(value / step) * step).toFixed(places);
}

/**
 * 阶梯轴车削加工 given to 2024级1班 two days ago, recorded by students and re-measured by 王老师 (`both`): eight of
 * the ten students have handed in — one failed the safety point —, four records are signed; student10 is part way
 * through and student01 has not begun (so a newcomer signing in as student01 can record). Scores await release:
 * 成绩分析 already has its histograms. Seeded once.
 */
export async function seedPracticalAssignmentDemo(db: Db): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, DEMO_ASSIGNED));
  if (done) return;
  const teacher = await demoTeacher(db, OWNER, 'teacher1');
  const now = Date.now();
  await db.transaction(async (tx) => {
    const made = await assignPractical(tx, teacher, {
      paperId: TASK,
      classIds: [CLASS],
      openTime: new Date(now - 2 * DAY),
      closeTime: new Date(now + 5 * DAY),
      recorder: 'both',
      checkShare: 25,
      releaseRule: 'manual',
    });
    const [a] = await tx.select().from(practicalTeacher).where(eq(practicalTeacher.id, made.id));
    const points = a!.content as FrozenPoint[];
    const attempts = await tx
      .select()
      .from(practicalStudent)
      .where(eq(practicalStudent.practicalTeacherId, made.id))
      .orderBy(practicalStudent.userId);
    for (const [i, s] of attempts.entries()) {
      if (i === 0) continue;
      const random = seededRandom(seedOf(`practical:${s.userId}`));
      const skill = 0.45 + 0.06 * i;
      const student = demoPrincipal(s.userId, `student${String(i + 1).padStart(2, '0')}`);
      const items = points.flatMap((p) => p.items);
      const taken = i === attempts.length - 1 ? items.slice(0, 3) : items;
      await saveRecords(tx, student, {
        practicalStudentId: s.id,
        final: taken.length === items.length,
        items: taken.map((item) => ({
          inspectionId: item.id,
          seq: 1,
          ...(item.kind === 'measure'
            ? { value: readingOf(item, skill, random) }
            : { passed: (i === 4 && item.name.startsWith('防护') ? 0 : 1) as 0 | 1 }),
          note: '',
          evidence: [],
        })),
      });
      const signed = i <= 4 && taken.length === items.length;
      if (signed) await remeasureAndSign(tx, teacher, s.id, skill, random);
      await yesterday(tx, s.id, i, now);
    }
    await tx.insert(setting).values({ key: DEMO_ASSIGNED, value: new Date().toISOString() }).onConflictDoNothing();
  });
}

/** 王老师 re-measures what was drawn for him and every reading in the guard band, then signs. */
async function remeasureAndSign(tx: Db, teacher: Principal, attemptId: string, skill: number, random: () => number) {
  const detail = await paperDetail(tx, teacher, TASK, attemptId);
  const outcome = evaluateAttempt(detail.points, detail.items);
  const again = outcome.points
    .flatMap((p) => p.items)
    .filter((o) => o.remeasure || detail.attempt.checkIds.includes(o.item.id))
    .map((o) =>
      o.item.kind === 'check'
        ? { inspectionId: o.item.id, passed: (o.record?.passed ?? 1) as 0 | 1, reason: '复测' }
        : { inspectionId: o.item.id, value: o.judgement.value ?? readingOf(o.item, skill, random), reason: '复测' },
    );
  await correctAttempt(tx, teacher, { practicalStudentId: attemptId, items: again, signOff: true });
}

/**
 * The lesson was yesterday afternoon, not the instant the demo was seeded: student `i` started a couple of minutes
 * after the one before, handed in some 80 minutes later, and 王老师's re-measures and signature came after the lesson.
 */
async function yesterday(tx: Db, attemptId: string, i: number, now: number) {
  const start = new Date(now - DAY - 4 * 60 * MINUTE + i * 2 * MINUTE);
  const handIn = new Date(start.getTime() + (75 + 3 * i) * MINUTE);
  const checked = new Date(handIn.getTime() + 45 * MINUTE);
  const [row] = await tx
    .select({ submitted: practicalStudent.submitTime, signed: practicalStudent.teacherSignTime })
    .from(practicalStudent)
    .where(eq(practicalStudent.id, attemptId));
  const saved = row?.submitted ? handIn : new Date(start.getTime() + 30 * MINUTE);
  await tx
    .update(practicalStudent)
    .set({
      startTime: start,
      ...(row?.submitted ? { submitTime: handIn } : {}),
      ...(row?.signed ? { teacherSignTime: checked } : {}),
      createTime: start,
      updateTime: row?.signed ? checked : saved,
    })
    .where(eq(practicalStudent.id, attemptId));
  await tx
    .update(practicalStudentInspection)
    .set({ saveTime: saved, createTime: start, updateTime: saved })
    .where(eq(practicalStudentInspection.practicalStudentId, attemptId));
  await tx
    .update(practicalStudentInspection)
    .set({ updateTime: checked })
    .where(
      and(
        eq(practicalStudentInspection.practicalStudentId, attemptId),
        isNotNull(practicalStudentInspection.teacherValue),
      ),
    );
  await tx
    .update(practicalStudentLog)
    .set({ createTime: checked, updateTime: checked })
    .where(eq(practicalStudentLog.practicalStudentId, attemptId));
}
