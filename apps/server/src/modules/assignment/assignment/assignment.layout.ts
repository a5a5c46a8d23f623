import { seededRandom } from '../../paper/paper.api.ts';

/** A question of an assignment as layouts see it: its section, its parent (composites) and, for choices, options. */
export interface LayoutQuestion {
  id: string;
  parentId: string;
  titleId: string;
  optionIds?: string[];
}

/** One entry per question of a student's paper, in their order: `o` the option order when options are shuffled. */
export type Layout = { q: string; o?: string[] }[];

/** A stable 31-bit seed from text (FNV-1a), so a student's order is the same however often it is built. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1 || 1;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A student's paper: top-level questions shuffled within their section when asked (sections keep their order, a
 * composite's children stay after it in their order), options shuffled when asked. `questions` come in paper order.
 */
export function layoutFor(
  questions: LayoutQuestion[],
  opts: { shuffleQuestions: boolean; shuffleOptions: boolean; seed: number },
): Layout {
  const random = seededRandom(opts.seed);
  const children = new Map<string, LayoutQuestion[]>();
  const tops: LayoutQuestion[] = [];
  for (const q of questions) {
    if (q.parentId === '0') tops.push(q);
    else children.set(q.parentId, [...(children.get(q.parentId) ?? []), q]);
  }
  // Consecutive runs of one section, so a section's questions move only among themselves.
  const runs: LayoutQuestion[][] = [];
  for (const q of tops) {
    const last = runs.at(-1);
    if (last && last[0]!.titleId === q.titleId) last.push(q);
    else runs.push([q]);
  }
  const entry = (q: LayoutQuestion) =>
    q.optionIds && opts.shuffleOptions ? { q: q.id, o: shuffled(q.optionIds, random) } : { q: q.id };
  const layout: Layout = [];
  const place = (q: LayoutQuestion) => {
    layout.push(entry(q));
    for (const c of children.get(q.id) ?? []) place(c);
  };
  for (const run of runs) for (const q of opts.shuffleQuestions ? shuffled(run, random) : run) place(q);
  return layout;
}
