import { type ImportFix, OPTION_LABELS, type PreviewQuestion, type QuestionType } from '@shixun/contracts';
import { htmlToText } from '../../../components/RichEditor/index.tsx';

/** The types a question of an import can be put right as (a composite one is skipped or fixed in its file). */
export const FIXABLE_TYPES: QuestionType[] = ['single', 'multiple', 'judge', 'fill', 'short', 'practical', 'file'];

export const isChoice = (type: QuestionType) => type === 'single' || type === 'multiple';

/** What the fix form edits: the type, the options as plain text, the answer as an `答案：` line gives it. */
export interface FixValues {
  type: QuestionType;
  options: string[];
  answer: string;
}

/** A previewed question as the fix form starts from it: what the file said, in the import layout's words. */
export function fixValuesOf(q: PreviewQuestion, zh: boolean): FixValues {
  const options = q.items.map((i) => htmlToText(i.content));
  const answer = isChoice(q.type)
    ? q.items.map((item, i) => (item.isAnswer ? OPTION_LABELS[i] : '')).join('')
    : q.type === 'judge'
      ? ({ T: zh ? '正确' : 'True', F: zh ? '错误' : 'False' }[q.answer] ?? q.answer)
      : q.type === 'fill'
        ? q.items.map((i) => i.content).join('；')
        : htmlToText(q.answer);
  return { type: q.type, options: isChoice(q.type) ? options : [], answer };
}

/** The fix sent in the import plan: only what the teacher changed (options only when they are choice options). */
export function fixOf(index: number, from: FixValues, to: FixValues): ImportFix {
  const fix: ImportFix = { index };
  if (to.type !== from.type) fix.type = to.type;
  const options = to.options.map((o) => o.trim()).filter(Boolean);
  if (isChoice(to.type) && (to.type !== from.type || options.join('\n') !== from.options.join('\n'))) {
    fix.options = options;
  }
  if (to.answer !== from.answer || fix.type) fix.answer = to.answer;
  return fix;
}
