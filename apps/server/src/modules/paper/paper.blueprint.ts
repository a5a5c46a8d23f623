import type { BlueprintRule, blueprintSchema, drawSchema, PaperView, RuleReport } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paper, paperQuestion, paperTitle } from '../../db/schema/index.ts';
import { questionPools } from '../question/question.api.ts';
import { addableQuestions, insertQuestions } from './paper.compose.ts';
import { paperPolicy } from './paper.policy.ts';
import { recomputeTotals } from './paper.totals.ts';
import { paperView } from './paper.view.ts';

/** mulberry32: a small, well-mixed generator — the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const newSeed = () => 1 + Math.floor(Math.random() * 2_147_483_646);

/** Each rule's candidates: the questions the caller may read that match it, in id order (rules may overlap). */
export function rulePools(db: Db, p: Principal, rules: BlueprintRule[]): Promise<string[][]> {
  return questionPools(
    db,
    p,
    // A rule's empty knowledge point is "any", which the bank's filter says by its absence.
    rules.map((r) => ({ libId: r.libId, type: r.type, difficulty: r.difficulty, flagId: r.flagId || undefined })),
  );
}

/**
 * Draws `counts[i]` of each pool in order, leaving out what earlier pools drew, by a seeded partial shuffle: the same
 * seed over the same pools draws the same questions. `available` is what each pool held once earlier ones drew.
 */
export function drawFromPools(
  pools: string[][],
  counts: number[],
  seed: number,
): { picks: string[][]; available: number[] } {
  const random = seededRandom(seed);
  const drawn = new Set<string>();
  const picks: string[][] = [];
  const available: number[] = [];
  for (const [i, candidates] of pools.entries()) {
    const pool = candidates.filter((id) => !drawn.has(id));
    const take = Math.min(counts[i] ?? 0, pool.length);
    for (let k = 0; k < take; k++) {
      const j = k + Math.floor(random() * (pool.length - k));
      [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    }
    const picked = pool.slice(0, take);
    for (const id of picked) drawn.add(id);
    picks.push(picked);
    available.push(pool.length);
  }
  return { picks, available };
}

/**
 * Draws each rule in order from the questions the caller may read that match it and that no earlier rule drew
 * (rulePools, drawFromPools). Returns the report of every rule and, for the feasible ones, their picks.
 */
export async function drawRules(
  db: Db,
  p: Principal,
  rules: BlueprintRule[],
  seed: number,
): Promise<{ report: RuleReport[]; picks: string[][] }> {
  const pools = await rulePools(db, p, rules);
  const { picks, available } = drawFromPools(
    pools,
    rules.map((r) => r.count),
    seed,
  );
  const report = rules.map((rule, i) => ({
    index: i + 1,
    needed: rule.count,
    available: available[i]!,
    ok: available[i]! >= rule.count,
  }));
  return { report, picks };
}

/**
 * Replaces the paper's sections and questions with a draw of the blueprint: one section per distinct rule section,
 * in rule order, each question scored as its rule says. Refuses (400, naming the first short rule) when a rule
 * cannot be met. Runs in the caller's transaction, the paper checked as editable.
 */
export async function composeByBlueprint(
  db: Db,
  p: Principal,
  paperId: string,
  blueprint: { rules: BlueprintRule[]; seed: number; perStudent: 0 | 1 },
): Promise<number> {
  const { report, picks } = await drawRules(db, p, blueprint.rules, blueprint.seed);
  const short = report.find((r) => !r.ok);
  if (short)
    throw badRequest('paper.rule.short', { index: short.index, needed: short.needed, available: short.available });

  const gone = { isDeleted: 1, updateUser: p.userId, updateTime: new Date() };
  for (const table of [paperTitle, paperQuestion]) {
    await db
      .update(table)
      .set(gone)
      .where(and(eq(table.paperId, paperId), eq(table.isDeleted, 0)));
  }
  const sections = new Map<string, { id: string; paperId: string }>();
  for (const rule of blueprint.rules) {
    if (sections.has(rule.section)) continue;
    const id = newId();
    await db.insert(paperTitle).values({
      id,
      tenantId: p.tenantId,
      paperId,
      name: rule.section,
      sort: sections.size + 1,
      createUser: p.userId,
      createDept: p.deptId,
      updateUser: p.userId,
    });
    sections.set(rule.section, { id, paperId });
  }
  let count = 0;
  for (const [i, rule] of blueprint.rules.entries()) {
    const list = await addableQuestions(db, p, paperId, picks[i]!);
    await insertQuestions(db, p, sections.get(rule.section)!, list, rule.score);
    count += list.length;
  }
  await db
    .update(paper)
    .set({ composeMode: 'random', blueprint, updateUser: p.userId })
    .where(inArray(paper.id, [paperId]));
  await recomputeTotals(db, [paperId]);
  return count;
}

/** `blueprint/check`: how each rule of a blueprint can be met (with the paper's last seed, or the one sent). */
export async function checkBlueprint(
  db: Db,
  p: Principal,
  input: Pick<z.infer<typeof blueprintSchema>, 'rules' | 'seed'> & { paperId: string },
): Promise<RuleReport[]> {
  const row = await paperPolicy.editable(db, p, input.paperId);
  const seed = input.seed ?? (row.blueprint as { seed?: number } | null)?.seed ?? 1;
  const { report } = await drawRules(db, p, input.rules, seed);
  return report;
}

/**
 * `blueprint/draw`: the paper's sections replaced by a draw of the blueprint (a new seed unless one is sent);
 * answers how many questions were drawn and the paper as its editor sees it.
 */
export async function drawBlueprint(
  db: Db,
  p: Principal,
  input: z.infer<typeof drawSchema>,
): Promise<{ count: number; view: PaperView }> {
  const seed = input.seed ?? newSeed();
  const count = await db.transaction(async (tx) => {
    await paperPolicy.editable(tx, p, input.paperId);
    return composeByBlueprint(tx, p, input.paperId, { rules: input.rules, seed, perStudent: input.perStudent ?? 0 });
  });
  return { count, view: await paperView(db, p, input.paperId, { answers: true }) };
}
