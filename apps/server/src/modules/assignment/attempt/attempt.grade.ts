import { type AnswerResult, type AnswerValue, blankRules, MANUAL_TYPES, type QuestionType } from '@shixun/contracts';
import { decodeEntities } from '../../../core/docx/html-tokens.ts';
import { splitScore } from '../../paper/paper.api.ts';

/** What grading needs of a frozen question. */
export interface GradedQuestion {
  type: QuestionType;
  /** Its score in this assignment. */
  score: number;
  /** judge: `T` or `F`. */
  answer: string;
  items: { id: string; content: string; isAnswer: number; score: number; config: unknown }[];
}

export interface Grade {
  result: AnswerResult;
  /** Null: a teacher marks it. */
  autoScore: number | null;
}

const tenths = (n: number) => Math.round(n * 10) / 10;

export function isBlank(answer: AnswerValue | undefined): boolean {
  if (answer === null || answer === undefined) return true;
  if (Array.isArray(answer)) return answer.every((a) => String(a).trim() === '');
  return String(answer).trim() === '';
}

/** Full-width forms (ａ，１) as their half-width ones (a,1); the ideographic space as a space. */
function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** A blank's text as it is compared under the blank's rules (always trimmed, tags and entities gone). */
export function normaliseBlank(text: string, config: unknown): string {
  const rules = blankRules(config as Parameters<typeof blankRules>[0]);
  let out = decodeEntities(text.replace(/<[^>]*>/g, '')).trim();
  if (rules.ignoreWidth) out = halfWidth(out);
  if (rules.ignoreSpace) out = out.replace(/\s+/g, '');
  if (!rules.caseSensitive) out = out.toLowerCase();
  return out;
}

/**
 * Grades one answer (DOMAIN §4): single and judge exact; multiple all-or-nothing, or with `partial` a share for a
 * correct subset and nothing for any wrong choice; fill each blank against its accepted answers (`a|b`) under its
 * rules, the score shared by the blanks' weights; short, file and practical answers wait for a teacher.
 */
export function gradeAnswer(q: GradedQuestion, answer: AnswerValue | undefined, multipleScoring: string): Grade {
  if (isBlank(answer)) return { result: 'blank', autoScore: 0 };
  if (MANUAL_TYPES.includes(q.type)) return { result: 'pending', autoScore: null };
  const whole = (right: boolean): Grade =>
    right ? { result: 'right', autoScore: q.score } : { result: 'wrong', autoScore: 0 };
  switch (q.type) {
    case 'single': {
      const key = q.items.find((i) => i.isAnswer === 1)?.id;
      return whole(typeof answer === 'string' && answer === key);
    }
    case 'judge':
      return whole(typeof answer === 'string' && answer.toUpperCase() === q.answer.trim().toUpperCase());
    case 'multiple': {
      const chosen = new Set(Array.isArray(answer) ? answer : [answer as string]);
      const key = new Set(q.items.filter((i) => i.isAnswer === 1).map((i) => i.id));
      const wrong = [...chosen].some((c) => !key.has(c));
      if (!wrong && chosen.size === key.size) return whole(true);
      if (wrong || multipleScoring !== 'partial') return whole(false);
      return { result: 'partial', autoScore: tenths((q.score * chosen.size) / key.size) };
    }
    case 'fill': {
      const given = Array.isArray(answer) ? answer : [answer as string];
      const parts = splitScore(
        q.score,
        q.items.map((i) => Number(i.score) || 0),
      );
      let earned = 0;
      let right = 0;
      q.items.forEach((blank, k) => {
        const mine = normaliseBlank(given[k] ?? '', blank.config);
        const accepted = blank.content.split('|').map((a) => normaliseBlank(a, blank.config));
        if (mine !== '' && accepted.includes(mine)) {
          earned += parts[k] ?? 0;
          right++;
        }
      });
      if (right === q.items.length) return whole(true);
      return right === 0 ? whole(false) : { result: 'partial', autoScore: tenths(earned) };
    }
    default:
      return { result: 'pending', autoScore: null };
  }
}
