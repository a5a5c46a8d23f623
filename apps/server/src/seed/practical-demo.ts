import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { practicalInspection, practicalPaper, practicalPoint } from '../db/schema/index.ts';
import { recomputeTotals } from '../modules/practical/practical.totals.ts';

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
