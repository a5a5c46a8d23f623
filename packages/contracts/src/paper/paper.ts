import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { disciplineSchema, LIB_ACCESS, shareFields, shareFormFields } from '../question/library.ts';
import { questionTypeSchema, scoreSchema } from '../question/question.ts';
import type { QuestionType } from '../question/question-types.ts';

/** 考试 · 练习 · 作业 (实训 papers are the practical assessment's). */
export const PAPER_TYPES = ['exam', 'practice', 'homework'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];
export const PAPER_TYPE_NAMES: Record<PaperType, { zh: string; en: string }> = {
  exam: { zh: '考试', en: 'Exam' },
  practice: { zh: '练习', en: 'Practice' },
  homework: { zh: '作业', en: 'Homework' },
};

/** Multiple choice: all-or-nothing, or partial credit for a correct subset (nothing for any wrong choice). */
export const MULTIPLE_SCORING = ['all', 'partial'] as const;
/** What a student sees once results are released: the score only, also their answers, also the key and analysis. */
export const REVIEW_POLICIES = ['score', 'answers', 'analysis'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

/** A 0/1 switch of a form. */
export const switchSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });

/** 试卷 settings. The total score is never sent: it is the sum of the paper's questions. */
export const paperFormSchema = z.object({
  title: z
    .string({ error: 'paper.title.required' })
    .trim()
    .min(1, { error: 'paper.title.required' })
    .max(100, { error: 'validation.tooLong' }),
  paperType: z.enum(PAPER_TYPES, { error: 'paper.type.invalid' }),
  discipline: disciplineSchema.optional(),
  passScore: scoreSchema.optional(),
  /** Minutes; 0 = no limit. */
  duration: z.coerce
    .number({ error: 'paper.duration.invalid' })
    .int({ error: 'paper.duration.invalid' })
    .min(0, { error: 'paper.duration.invalid' })
    .max(1440, { error: 'paper.duration.invalid' })
    .optional(),
  /** How many times a student may take it; 0 = unlimited. */
  attempts: z.coerce
    .number({ error: 'paper.attempts.invalid' })
    .int({ error: 'paper.attempts.invalid' })
    .min(0, { error: 'paper.attempts.invalid' })
    .max(100, { error: 'paper.attempts.invalid' })
    .optional(),
  shuffleQuestions: switchSchema.optional(),
  shuffleOptions: switchSchema.optional(),
  multipleScoring: z.enum(MULTIPLE_SCORING, { error: 'validation.invalid' }).optional(),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: 'validation.invalid' }).optional(),
  isPublic: switchSchema.optional(),
  /** 考试说明, shown to students before they start. */
  remark: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
});
export type PaperForm = z.infer<typeof paperFormSchema>;

/** One rule of a random composition (随机组卷): draw `count` questions matching it into the section `section`. */
export const blueprintRuleSchema = z.object({
  section: z
    .string({ error: 'paper.section.required' })
    .trim()
    .min(1, { error: 'paper.section.required' })
    .max(100, { error: 'validation.tooLong' }),
  libId: idSchema,
  /** A knowledge point; questions filed under it or any point below it match. */
  flagId: z.union([z.literal(''), idSchema]).optional(),
  type: questionTypeSchema,
  /** 1–5, or absent for any. */
  difficulty: z.coerce.number().int().min(1).max(5).optional(),
  count: z.coerce
    .number({ error: 'paper.rule.count' })
    .int({ error: 'paper.rule.count' })
    .min(1, { error: 'paper.rule.count' })
    .max(200, { error: 'paper.rule.count' }),
  score: scoreSchema,
});
export type BlueprintRule = z.infer<typeof blueprintRuleSchema>;

/** Seeds are kept below 2^31 so that they are plain integers everywhere. */
export const seedSchema = z.coerce
  .number({ error: 'paper.seed.invalid' })
  .int({ error: 'paper.seed.invalid' })
  .min(1, { error: 'paper.seed.invalid' })
  .max(2_147_483_647, { error: 'paper.seed.invalid' });

/** A paper's blueprint: its rules, the seed of the last draw, and whether each student gets a draw of their own. */
export const blueprintSchema = z.object({
  rules: z
    .array(blueprintRuleSchema)
    .min(1, { error: 'paper.rules.required' })
    .max(50, { error: 'validation.tooLong' }),
  seed: seedSchema.optional(),
  perStudent: switchSchema.optional(),
});
export type Blueprint = z.infer<typeof blueprintSchema>;

/** `POST blueprint/draw`: the paper's sections replaced by a draw of the blueprint (a new seed unless one is sent). */
export const drawSchema = blueprintSchema.extend({ paperId: idSchema });

/** How each rule can be met: `available` questions match it once earlier rules have drawn theirs. */
export const ruleReportSchema = z.object({
  index: z.number(),
  needed: z.number(),
  available: z.number(),
  ok: z.boolean(),
});
export type RuleReport = z.infer<typeof ruleReportSchema>;

export const paperSchema = auditSchema.extend({
  tenantId: z.string(),
  title: z.string(),
  paperType: z.enum([...PAPER_TYPES, 'practical']),
  discipline: z.string(),
  totalScore: z.number(),
  passScore: z.number(),
  duration: z.number(),
  attempts: z.number(),
  shuffleQuestions: z.number(),
  shuffleOptions: z.number(),
  multipleScoring: z.enum(MULTIPLE_SCORING),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  isPublic: z.number(),
  remark: z.string(),
  sourceId: z.string(),
  /** `manual` (组卷 by hand) or `random` (drawn from `blueprint`). */
  composeMode: z.enum(['manual', 'random']),
  blueprint: blueprintSchema.partial().nullable(),
  /** The paper's questions as placed (a composite is one): 0 means nothing to assign. */
  questionCount: z.number(),
  ownerName: z.string(),
  /**
   * What the caller may do with it, as with libraries: `own` (theirs) and `admin` everything; `edit` (shared with
   * them or their school to edit) change its settings, sections and questions; `read` (shared to read) and `public`
   * (published) read and quote it.
   */
  access: z.enum(LIB_ACCESS),
});
export type Paper = z.infer<typeof paperSchema>;

/** A paper shared with one teacher or a whole school, to read (and quote) or to edit. */
export const paperPermissionFormSchema = z.object({ paperId: idSchema, ...shareFormFields });
export type PaperPermissionForm = z.infer<typeof paperPermissionFormSchema>;

export const paperPermissionSchema = auditSchema.extend({ paperId: z.string(), ...shareFields });
export type PaperPermission = z.infer<typeof paperPermissionSchema>;

/** 大题/小节: `POST title/save` (`titleId` to rename one). */
export const paperTitleFormSchema = z.object({
  paperId: idSchema,
  parentId: idSchema.optional(),
  name: z
    .string({ error: 'paper.section.required' })
    .trim()
    .min(1, { error: 'paper.section.required' })
    .max(100, { error: 'validation.tooLong' }),
  /** e.g. 每题 2 分，共 20 分 — shown under the heading. */
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
});
export const paperTitleSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  parentId: z.string(),
  name: z.string(),
  remark: z.string(),
  sort: z.number(),
});
export type PaperTitle = z.infer<typeof paperTitleSchema>;

/** A question put in a section; a composite question brings its children, whose scores make up its own. */
export const paperQuestionFormSchema = z.object({
  titleId: idSchema,
  questionId: idSchema,
  score: scoreSchema.optional(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
});
export const paperQuestionSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  titleId: z.string(),
  questionId: z.string(),
  parentId: z.string(),
  score: z.number(),
  sort: z.number(),
});
export type PaperQuestion = z.infer<typeof paperQuestionSchema>;

const questionIdsSchema = z
  .array(idSchema)
  .min(1, { error: 'question.pick' })
  .max(500, { error: 'validation.tooLong' });

/** `title/importQuestion` and paper_question `save_batch`: questions of the bank added to a section, last. */
export const importQuestionsSchema = z.object({
  paperId: idSchema,
  titleId: idSchema,
  questionIds: questionIdsSchema,
});

/** paper_question `update_batch`: one score for each of these questions (not composite ones: theirs is a sum). */
export const batchScoreSchema = z.object({
  ids: questionIdsSchema,
  score: scoreSchema,
});

/** `POST paper/quote`: a copy of a paper the caller may read (a public one), as their own. */
export const quotePaperSchema = z.object({
  id: idSchema,
  title: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

/** A question as the paper shows it: numbered, with its score in this paper, its children after it. */
export interface PaperQuestionView {
  /** The paper_question row. */
  id: string;
  questionId: string;
  /** 1, 2, 3 … through the paper; a composite question's children are (1), (2) … */
  no: string;
  score: number;
  type: QuestionType;
  stem: string;
  difficulty: number;
  libName: string;
  /** Options: label and content; `isAnswer` only when answers are shown. */
  items: { id: string; label: string; content: string; isAnswer?: boolean; score?: number }[];
  /** Only when answers are shown. */
  answer?: string;
  analysis?: string;
  children: PaperQuestionView[];
}

/** A section with its questions, its sub-sections, and the score and count of everything below it. */
export interface PaperSection {
  id: string;
  parentId: string;
  name: string;
  remark: string;
  score: number;
  /** What a student answers below it, by the one rule (`countPaperQuestions`). */
  questionCount: number;
  questions: PaperQuestionView[];
  children: PaperSection[];
}

/** `title/tree/{id}` and the preview `paper/0/0/{id}`: the paper, its sections in order, and its totals. */
export interface PaperView {
  paper: Paper;
  sections: PaperSection[];
  /** Whether answers and analysis are included (the owner asked for them). */
  answers: boolean;
}

/** `GET download/{id}` options. */
export const paperDownloadSchema = z.object({
  answers: z.enum(['0', '1']).optional(),
  analysis: z.enum(['0', '1']).optional(),
  /** Append an answer sheet (答题卡). */
  sheet: z.enum(['0', '1']).optional(),
});

/** What a paper's QR code opens. */
export const PAPER_OPEN_PATH = '/paper/open';
export const PAPER_QRCODE_DAYS = 30;
