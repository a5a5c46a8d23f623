import type {
  Blueprint,
  BlueprintRule,
  PaperQuestionView,
  PaperSection,
  PaperView,
  QuestionType,
} from '@shixun/contracts';
import type { ViewQuestion } from '../../components/QuestionView/index.tsx';

/** A section with where it sits: its depth (0 for a 大题) and its place among its siblings. */
export interface PlacedSection {
  section: PaperSection;
  depth: number;
  index: number;
  siblings: number;
  /** The names from the top section down to this one. */
  path: string[];
}

/** Every section of the paper in reading order (a section, then its sub-sections), with its place. */
export function placeSections(sections: PaperSection[], depth = 0, path: string[] = []): PlacedSection[] {
  return sections.flatMap((section, index) => {
    const here = [...path, section.name];
    return [
      { section, depth, index, siblings: sections.length, path: here },
      ...placeSections(section.children, depth + 1, here),
    ];
  });
}

export function findSection(sections: PaperSection[], id: string | undefined): PlacedSection | undefined {
  if (!id) return undefined;
  return placeSections(sections).find((p) => p.section.id === id);
}

/** A composite question's score is the sum of its children's, set through them. */
export const isComposite = (q: PaperQuestionView) => q.type === 'composite';

/**
 * The rows of a section whose score can be set, in order: every question but a composite one, whose children stand
 * for it. What 全选 ticks and what `update_batch` accepts.
 */
export function scorableRows(questions: PaperQuestionView[]): PaperQuestionView[] {
  return questions.flatMap((q) => (isComposite(q) ? q.children : [q]));
}

/** The ticked rows that `update_batch` may take, in the section's order (a stale id from a refetch is dropped). */
export function batchIds(questions: PaperQuestionView[], ticked: ReadonlySet<string>): string[] {
  return scorableRows(questions)
    .filter((q) => ticked.has(q.id))
    .map((q) => q.id);
}

/**
 * The rows to remove for a ticked set: ticked top-level questions, and the composite questions all of whose
 * children are ticked (a child alone cannot leave its composite question).
 */
export function removableIds(questions: PaperQuestionView[], ticked: ReadonlySet<string>): string[] {
  return questions
    .filter((q) =>
      isComposite(q) ? q.children.length > 0 && q.children.every((c) => ticked.has(c.id)) : ticked.has(q.id),
    )
    .map((q) => q.id);
}

/** Every bank question the paper holds (a composite question's children too): the picker shows them as taken. */
export function questionIdsOf(view: PaperView | undefined): Set<string> {
  const ids = new Set<string>();
  const walk = (questions: PaperQuestionView[]) => {
    for (const q of questions) {
      ids.add(q.questionId);
      walk(q.children);
    }
  };
  for (const placed of placeSections(view?.sections ?? [])) walk(placed.section.questions);
  return ids;
}

/** A score as the form and the server take it: 0–1000 in tenths. */
export function validScore(value: number | null | undefined): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 1000 &&
    Math.abs(value * 10 - Math.round(value * 10)) < 1e-6
  );
}

/** A paper's question as QuestionView draws it (answers marked when the view carries them). */
export function toViewQuestion(q: PaperQuestionView): ViewQuestion {
  return {
    type: q.type,
    stem: q.stem,
    answer: q.answer,
    analysis: q.analysis,
    score: q.score,
    items: q.items.map((item) => ({
      id: item.id,
      content: item.content,
      isAnswer: item.isAnswer ? 1 : 0,
      score: item.score,
    })),
    children: q.children.map(toViewQuestion),
  };
}

const ZH_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** The numeral a new section's name starts with: 一、二、… (zh) or 1, 2 … (en). */
export function sectionNumeral(n: number, language: string): string {
  if (language === 'en') return String(n);
  if (n <= 10) return ZH_NUMERALS[n - 1]!;
  if (n < 20) return `十${ZH_NUMERALS[n - 11]!}`;
  return String(n);
}

/** Usual names for the `n`-th section: 二、单选题 … / Part 2: Single choice … */
export function sectionSuggestions(n: number, language: string, typeNames: string[]): string[] {
  const numeral = sectionNumeral(n, language);
  return typeNames.map((name) => (language === 'en' ? `Part ${numeral}: ${name}` : `${numeral}、${name}`));
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* 随机组卷: the panel's form and the requests it makes.                                                            */

/** One rule as the panel edits it: everything optional until it is checked. */
export interface RuleValues {
  section?: string;
  libId?: string;
  flagId?: string;
  type?: QuestionType;
  difficulty?: number;
  count?: number;
  score?: number;
}

export interface BlueprintValues {
  rules: RuleValues[];
  /** Empty: a new random seed. */
  seed?: number | null;
  perStudent: boolean;
}

/** A new rule, continuing the last one's section and library, so a section's rules are quick to add. */
export function newRule(last?: RuleValues): RuleValues {
  return { section: last?.section, libId: last?.libId, type: last?.type ?? 'single', count: 5, score: 2 };
}

/** The panel's starting values: the paper's saved blueprint, else one empty rule. The seed is not kept. */
export function blueprintValues(blueprint: Partial<Blueprint> | null | undefined): BlueprintValues {
  const rules = blueprint?.rules?.length
    ? blueprint.rules.map((r) => ({
        section: r.section,
        libId: r.libId,
        flagId: r.flagId || undefined,
        type: r.type,
        difficulty: r.difficulty,
        count: r.count,
        score: r.score,
      }))
    : [newRule()];
  return { rules, seed: undefined, perStudent: blueprint?.perStudent === 1 };
}

/** A validated rule as the server takes it: optional parts left out when empty. */
export function toRule(v: RuleValues): BlueprintRule {
  return {
    section: (v.section ?? '').trim(),
    libId: v.libId ?? '',
    ...(v.flagId ? { flagId: v.flagId } : {}),
    type: v.type ?? 'single',
    ...(v.difficulty ? { difficulty: v.difficulty } : {}),
    count: v.count ?? 0,
    score: v.score ?? 0,
  };
}

/** `blueprint/draw`'s body: the seed only when one was typed (else the server picks a new one). */
export function toDrawBody(paperId: string, values: BlueprintValues) {
  return {
    paperId,
    rules: values.rules.map(toRule),
    ...(typeof values.seed === 'number' && values.seed > 0 ? { seed: values.seed } : {}),
    perStudent: (values.perStudent ? 1 : 0) as 0 | 1,
  };
}

/** The sections a draw makes: one per distinct rule section, in rule order, with their count and score. */
export function drawSummary(rules: RuleValues[]): { section: string; count: number; score: number }[] {
  const out = new Map<string, { section: string; count: number; score: number }>();
  for (const r of rules) {
    const name = (r.section ?? '').trim();
    if (!name) continue;
    const entry = out.get(name) ?? { section: name, count: 0, score: 0 };
    entry.count += r.count ?? 0;
    entry.score += (r.count ?? 0) * (r.score ?? 0);
    out.set(name, entry);
  }
  return [...out.values()].map((e) => ({ ...e, score: Math.round(e.score * 10) / 10 }));
}
