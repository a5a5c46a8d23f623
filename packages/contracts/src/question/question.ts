import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import type { MessageKey } from '../messages/index.ts';
import { disciplineSchema } from './library.ts';
import { OPTION_LABELS, QUESTION_TYPES, type QuestionType } from './question-types.ts';

export const questionTypeSchema = z.enum(QUESTION_TYPES, { error: 'question.type.invalid' });

const richText = (max: number) => z.string().max(max, { error: 'validation.tooLong' });
export const scoreSchema = z.coerce
  .number({ error: 'question.score.invalid' })
  .min(0, { error: 'question.score.invalid' })
  .max(1000, { error: 'question.score.invalid' })
  // 1.1 × 10 is not exactly 11 in binary floating point: a tenth is matched with a tolerance.
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { error: 'question.score.invalid' });

/** A blank's matching rules: how a student's answer is compared with each accepted answer. */
export const blankRulesSchema = z.object({
  caseSensitive: z.boolean().optional(),
  /** Full-width letters, digits and punctuation count as their half-width forms (ａ＝a, ，＝,). */
  ignoreWidth: z.boolean().optional(),
  /** Spaces anywhere are ignored. */
  ignoreSpace: z.boolean().optional(),
});
export type BlankRules = z.infer<typeof blankRulesSchema>;

/** A blank's rules as stored: each rule said (absent = off), so equal rules are equal objects. */
export function blankRules(config: BlankRules | undefined): Required<BlankRules> {
  return {
    caseSensitive: config?.caseSensitive === true,
    ignoreWidth: config?.ignoreWidth === true,
    ignoreSpace: config?.ignoreSpace === true,
  };
}

/** What an item keeps in `config`: a blank its rules, anything else nothing. */
export function itemConfig(type: QuestionType, config: BlankRules | undefined): BlankRules {
  return type === 'fill' ? blankRules(config) : {};
}

/** An option (content, isAnswer), a blank (content = accepted answers separated by `|`, rules) or a scoring point. */
export const questionItemFormSchema = z.object({
  content: richText(20_000),
  isAnswer: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }).optional(),
  score: scoreSchema.optional(),
  config: blankRulesSchema.optional(),
});
export type QuestionItemForm = z.infer<typeof questionItemFormSchema>;

/** Type-specific settings: a file question's accepted extensions and size. */
export const questionConfigSchema = z.object({
  fileTypes: z
    .array(z.string().regex(/^[a-z0-9]{1,10}$/, { error: 'question.fileTypes.invalid' }))
    .max(20)
    .optional(),
  maxSizeMb: z.coerce.number().int().min(1).max(500).optional(),
});
export type QuestionConfig = z.infer<typeof questionConfigSchema>;

/** The fields a question has wherever it comes from (the editor, an import, a copy). */
const questionFields = {
  type: questionTypeSchema,
  stem: richText(200_000),
  answer: richText(200_000).optional(),
  analysis: richText(200_000).optional(),
  difficulty: z.coerce
    .number({ error: 'question.difficulty.invalid' })
    .int({ error: 'question.difficulty.invalid' })
    .min(1, { error: 'question.difficulty.invalid' })
    .max(5, { error: 'question.difficulty.invalid' })
    .optional(),
  score: scoreSchema.optional(),
  discipline: disciplineSchema.optional(),
  source: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  config: questionConfigSchema.optional(),
};

/**
 * 试题 add/edit form. A child of a composite question is saved with its `parentId` (the library is the parent's);
 * `items` (options, blanks, scoring points) and `flagIds` (knowledge points …) are its child rows.
 */
export const questionFormSchema = z.object({
  libId: idSchema,
  parentId: idSchema.optional(),
  ...questionFields,
  sort: z.coerce.number().int().min(0).max(99999).optional(),
});
export type QuestionForm = z.infer<typeof questionFormSchema> & {
  items?: (QuestionItemForm & { id?: string })[];
  flagIds?: string[];
};

/** `POST addEmptyChildQuestion/{id}`: a child of the composite question `{id}`, in its library, placed last. */
export const childQuestionFormSchema = z.object({
  ...questionFields,
  items: z.array(questionItemFormSchema).max(26).optional(),
});

export const questionItemSchema = z.object({
  id: z.string(),
  content: z.string(),
  isAnswer: z.number(),
  score: z.number(),
  config: blankRulesSchema,
});
export type QuestionItem = z.infer<typeof questionItemSchema>;

/** What a stored question and its snapshot both show. */
const storedQuestionSchema = auditSchema.extend({
  tenantId: z.string(),
  parentId: z.string(),
  type: questionTypeSchema,
  stem: z.string(),
  answer: z.string(),
  analysis: z.string(),
  difficulty: z.number(),
  score: z.number(),
  discipline: z.string(),
  source: z.string(),
  config: questionConfigSchema,
  sort: z.number(),
  flagIds: z.array(z.string()),
});

export const questionSchema = storedQuestionSchema.extend({
  libId: z.string(),
  sourceId: z.string(),
  items: z.array(questionItemSchema),
  libName: z.string(),
  /** Composite questions: how many children. */
  childCount: z.number(),
});
export type Question = z.infer<typeof questionSchema>;

/** A question with its children, as `tree/{id}` and the preview show it. */
export type QuestionTree = Question & { children: QuestionTree[] };

/** `question_item` rows on their own (`/api/jd/pc/question_item`). */
export const questionItemRowFormSchema = questionItemFormSchema.extend({
  questionId: idSchema,
  sort: z.coerce.number().int().min(0).max(99999).optional(),
});
/** What a stored item and its snapshot both show. */
const storedItemSchema = auditSchema.extend({
  tenantId: z.string(),
  sort: z.number(),
  content: z.string(),
  isAnswer: z.number(),
  score: z.number(),
  config: blankRulesSchema,
});
export const questionItemRowSchema = storedItemSchema.extend({ questionId: z.string() });

/** The snapshot a paper hands to students (read-only). */
export const questionInstSchema = storedQuestionSchema.extend({ questionId: z.string() });
export const questionItemInstSchema = storedItemSchema.extend({ questionInstId: z.string() });

/** `POST /api/jd/pc/question/add_question`: copy questions the caller may read into a library they may edit. */
export const addQuestionsSchema = z.object({
  libId: idSchema,
  ids: z.array(idSchema).min(1, { error: 'question.pick' }).max(500, { error: 'validation.tooLong' }),
});

/** `hasPaperRela/{id}`: where the question is used, named for a confirmation before saving. */
export interface PaperRela {
  used: boolean;
  /** e.g. 试卷《期中考试》、试卷《单元练习》 — empty when unused. */
  places: string;
}

/**
 * A question as an import reads it and an export writes it: the fields, its items, knowledge points by name, and
 * a composite question's children.
 */
export interface QuestionDraft {
  type: QuestionType;
  stem: string;
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
  discipline: string;
  source: string;
  config: QuestionConfig;
  items: { content: string; isAnswer: number; score: number; config: BlankRules }[];
  /** Knowledge points by name (paths `机械基础/公差`), matched against the knowledge tree on import. */
  knowledge: string[];
  children: QuestionDraft[];
}

/** A sum of scores in tenths (0.1 + 0.2 is not 0.3 in floating point). */
export function sumScores(scores: number[]): number {
  return scores.reduce((sum, n) => sum + Math.round(n * 10), 0) / 10;
}

/** A question's score that disagrees with its parts, as a message key naming both sums. */
export interface ScoreMismatch {
  key: 'question.score.points' | 'question.score.blanks' | 'question.score.children';
  params: { score: number; total: number };
}

/**
 * What a question's parts add up to, where they decide its score: a composite's children always; a short answer's
 * scoring points and a fill-in's blanks once any of them carries a score (all at 0, the score is shared evenly and
 * points are a checklist). Undefined: the score stands alone. `childScores`: a composite's children's scores.
 */
export function partsTotal(
  q: { type: QuestionType; items: { score?: number }[] },
  childScores?: number[],
): number | undefined {
  if (q.type === 'composite') return childScores ? sumScores(childScores) : undefined;
  if (q.type !== 'short' && q.type !== 'fill') return undefined;
  const scores = q.items.map((i) => Number(i.score) || 0);
  return scores.some((s) => s > 0) ? sumScores(scores) : undefined;
}

/**
 * The one rule for a question's score and its parts (issue 26), for the server's save, every import and the editor:
 * a short answer's scoring points and a fill-in's blanks add up to the question's score when they carry scores, a
 * composite's score is its children's total. Null: they agree.
 */
export function scoreMismatch(
  q: { type: QuestionType; score: number; items: { score?: number }[] },
  childScores?: number[],
): ScoreMismatch | null {
  const total = partsTotal(q, childScores);
  if (total === undefined || Math.round(total * 10) === Math.round(q.score * 10)) return null;
  const key =
    q.type === 'composite'
      ? 'question.score.children'
      : q.type === 'short'
        ? 'question.score.points'
        : 'question.score.blanks';
  return { key, params: { score: q.score, total } };
}

/** Text, or a picture, formula, audio or video: what makes a stem or an option more than empty markup. */
export function hasContent(html: string): boolean {
  if (/<(img|audio|video)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/**
 * What is wrong with a question's shape, as message keys (empty = fine): the same rules for the editor, the server
 * and every import row. `inComposite`: it is a composite question's child.
 */
export function questionProblems(
  q: Pick<QuestionDraft, 'type' | 'stem' | 'answer'> & {
    items: Pick<QuestionDraft['items'][number], 'content' | 'isAnswer'>[];
  },
  inComposite = false,
): MessageKey[] {
  const problems: MessageKey[] = [];
  if (!hasContent(q.stem)) problems.push('question.stem.required');
  if (inComposite && q.type === 'composite') problems.push('question.composite.nested');
  const answers = q.items.filter((i) => i.isAnswer === 1).length;
  switch (q.type) {
    case 'single':
    case 'multiple':
      if (q.items.length < 2) problems.push('question.options.min');
      if (q.items.length > OPTION_LABELS.length) problems.push('question.options.max');
      if (q.items.some((i) => !hasContent(i.content))) problems.push('question.option.empty');
      if (q.type === 'single' && answers !== 1) problems.push('question.answer.single');
      if (q.type === 'multiple' && answers < 1) problems.push('question.answer.multiple');
      break;
    case 'judge':
      if (q.answer !== 'T' && q.answer !== 'F') problems.push('question.answer.judge');
      if (q.items.length) problems.push('question.items.none');
      break;
    case 'fill':
      if (q.items.length < 1) problems.push('question.blanks.min');
      if (q.items.some((i) => i.content.split('|').every((a) => a.trim() === '')))
        problems.push('question.blank.empty');
      break;
    case 'short':
      // Scoring points are optional: a teacher may mark against the reference answer alone.
      break;
    default:
      // composite (its children are questions), practical, file: no items.
      if (q.items.length) problems.push('question.items.none');
  }
  return problems;
}
