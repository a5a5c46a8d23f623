import type { ImportFix, ImportPlan } from '@shixun/contracts';
import { badRequest } from '../../../core/http/errors.ts';
import { buildQuestion } from './fields.ts';
import { textToHtml } from './html.ts';
import type { ParsedQuestion } from './types.ts';

/**
 * A teacher's decisions on an import preview, applied to what the file says: flagged questions put right in the
 * words of the import layout, and questions left out. The file itself is read again each time (nothing of an
 * unconfirmed import is kept on the server), so the same plan always gives the same questions.
 */

/**
 * Problems a fix of the type, options or answer cannot put right: they stay with the question (a formula picture
 * that cannot be shown is still missing). "Not a question" goes: fixing it is the teacher saying it is one.
 */
const LASTING = new Set<string>(['question.import.metafile']);

/**
 * A question built again from what the file says with the teacher's fix on top, through the same rules (and so
 * with the same problems) as a question written that way in the file. A question read without its source (none
 * today) is left as it is.
 */
function fixed(q: ParsedQuestion, fix: ImportFix): ParsedQuestion {
  if (!q.rebuild) return q;
  const raw = { ...q.rebuild.raw };
  if (fix.type !== undefined) raw.type = fix.type;
  if (fix.options) raw.options = fix.options.map((o) => textToHtml(o.trim()));
  if (fix.answer !== undefined) {
    raw.answerText = fix.answer.trim();
    raw.answerHtml = textToHtml(fix.answer);
  }
  const built = buildQuestion(raw, q.rebuild.options);
  const problems = [...q.problems.filter((p) => LASTING.has(p.key)), ...built.problems];
  return { ...q, draft: built.draft, problems, rebuild: { raw, options: q.rebuild.options } };
}

/** The questions of a file with the plan's fixes applied; a fix of a question the file does not have is a 400. */
export function applyFixes(questions: ParsedQuestion[], plan: ImportPlan): ParsedQuestion[] {
  const fixes = new Map((plan.fixes ?? []).map((f) => [f.index, f]));
  for (const index of [...fixes.keys(), ...(plan.skip ?? [])]) {
    if (index >= questions.length) throw badRequest('question.import.planIndex', { n: index + 1 });
  }
  return questions.map((q, i) => {
    const fix = fixes.get(i);
    return fix ? fixed(q, fix) : q;
  });
}

/** Whether the plan keeps the question at `index` (from 0) for saving. */
export const keeps = (plan: ImportPlan, index: number) => !plan.skip?.includes(index);
