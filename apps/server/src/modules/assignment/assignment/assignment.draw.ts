import type { Blueprint } from '@shixun/contracts';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { drawFromPools, type PaperRow, rulePools, splitScore } from '../../paper/paper.api.ts';
import { poolQuestions, snapshotQuestions } from '../../question/question.api.ts';
import type { LayoutQuestion } from './assignment.layout.ts';

/** The frozen pools of a draw per student (paper_teacher.draw). */
export interface Draw {
  rules: { count: number; pool: [questionId: string, rowId: string][] }[];
}

/** A paper_teacher_question row to write, before its assignment id and audit columns. */
export interface FrozenRow {
  id: string;
  questionInstId: string;
  questionId: string;
  parentId: string;
  titleId: string;
  type: string;
  score: number;
}

/**
 * A blueprint paper given with "one draw per student": every candidate of every rule is frozen (so a student who
 * joins later draws from the same pools), each as a row of the rule's section with the rule's score (a composite's
 * children sharing it). Refuses when the blueprint's own seed cannot meet a rule, as composing it would.
 */
export async function freezePools(
  db: Db,
  p: Principal,
  paper: PaperRow,
  sections: { id: string; name: string }[],
): Promise<{ rows: FrozenRow[]; draw: Draw; total: number }> {
  const blueprint = paper.blueprint as Blueprint;
  const rules = blueprint.rules;
  const pools = await rulePools(db, p, rules);
  const { available } = drawFromPools(
    pools,
    rules.map((r) => r.count),
    blueprint.seed ?? 1,
  );
  const short = rules.findIndex((r, i) => available[i]! < r.count);
  if (short >= 0)
    throw badRequest('paper.rule.short', {
      index: short + 1,
      needed: rules[short]!.count,
      available: available[short]!,
    });

  const all = [...new Set(pools.flat())];
  const taken = await snapshotQuestions(db, p, all);
  const { types: typeOf, children } = await poolQuestions(db, all);
  const sectionOf = (name: string) => (sections.find((s) => s.name === name) ?? sections[0])?.id ?? '0';
  const rows: FrozenRow[] = [];
  const draw: Draw = { rules: [] };
  for (const [i, rule] of rules.entries()) {
    const pool: Draw['rules'][number]['pool'] = [];
    for (const questionId of pools[i]!) {
      const id = newId();
      pool.push([questionId, id]);
      const base = { questionId, titleId: sectionOf(rule.section), questionInstId: taken.get(questionId)! };
      rows.push({ ...base, id, parentId: '0', type: typeOf.get(questionId) ?? rule.type, score: rule.score });
      const kids = children.filter((c) => c.parentId === questionId);
      const parts = splitScore(
        rule.score,
        kids.map((k) => Number(k.score)),
      );
      for (const [n, k] of kids.entries()) {
        rows.push({
          ...base,
          id: newId(),
          questionId: k.id,
          questionInstId: taken.get(k.id)!,
          parentId: id,
          type: k.type,
          score: parts[n]!,
        });
      }
    }
    draw.rules.push({ count: rule.count, pool });
  }
  return { rows, draw, total: rules.reduce((sum, r) => sum + r.count * r.score, 0) };
}

/** A student's own questions from the frozen pools, drawn with their seed, in rule order with composites' children. */
export function drawnQuestions(draw: Draw, questions: LayoutQuestion[], seed: number): LayoutQuestion[] {
  const { picks } = drawFromPools(
    draw.rules.map((r) => r.pool.map(([q]) => q)),
    draw.rules.map((r) => r.count),
    seed,
  );
  const order = picks.flatMap((ids, i) => ids.map((q) => draw.rules[i]!.pool.find(([id]) => id === q)![1]));
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: LayoutQuestion[] = [];
  for (const rowId of order) {
    out.push(byId.get(rowId)!);
    out.push(...questions.filter((q) => q.parentId === rowId));
  }
  return out;
}
