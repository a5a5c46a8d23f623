import {
  type CrudResource,
  type MessageKey,
  partsTotal,
  type Question,
  type QuestionForm,
  type QuestionItemForm,
  type QuestionTree,
  type QuestionType,
  questionProblems,
  scoreMismatch,
} from '@shixun/contracts';
import type { ViewQuestion } from '../../components/QuestionView/index.tsx';

/**
 * The question list's resource (and query key). Questions are edited in the full editor and only where their
 * library may be edited, so the list takes `ownActions` and every button is the page's own (question.tsx).
 */
export const QUESTION_LIST_KEY: CrudResource = 'question';

/** Each row of a list the editor reorders keeps a key of its own (an unsaved row has no id yet). */
let counter = 0;
export const rowKey = () => `row${++counter}`;

export interface OptionValue {
  key: string;
  id?: string;
  content: string;
  isAnswer: 0 | 1;
}

/** A blank: its accepted answers (any one is right), its score and how answers are compared. */
export interface BlankValue {
  key: string;
  id?: string;
  answers: string[];
  score?: number;
  caseSensitive: boolean;
  ignoreWidth: boolean;
  ignoreSpace: boolean;
}

/** A short-answer question's scoring point. */
export interface PointValue {
  key: string;
  id?: string;
  content: string;
  score?: number;
}

/** The editor's form: every type's parts at once, so switching the type back and forth loses nothing. */
export interface EditorValues {
  libId?: string;
  type: QuestionType;
  stem: string;
  /** The reference answer (short, practical, file). */
  answer: string;
  /** True or false. */
  judge?: 'T' | 'F';
  options: OptionValue[];
  blanks: BlankValue[];
  points: PointValue[];
  analysis: string;
  difficulty: number;
  score?: number;
  /** Empty: the library's. */
  discipline?: string;
  source: string;
  flagIds: string[];
  fileTypes: string[];
  maxSizeMb?: number;
}

/** A new question starts with a usual score for its type. */
export const DEFAULT_SCORES: Record<QuestionType, number> = {
  single: 2,
  multiple: 3,
  judge: 1,
  fill: 2,
  short: 5,
  composite: 0,
  practical: 10,
  file: 10,
};

export const newOption = (content = ''): OptionValue => ({ key: rowKey(), content, isAnswer: 0 });
export const newBlank = (): BlankValue => ({
  key: rowKey(),
  answers: [],
  score: 1,
  caseSensitive: false,
  ignoreWidth: true,
  ignoreSpace: true,
});
export const newPoint = (): PointValue => ({ key: rowKey(), content: '', score: 1 });

export function emptyValues(type: QuestionType, libId?: string): EditorValues {
  return {
    libId,
    type,
    stem: '',
    answer: '',
    judge: undefined,
    options: [newOption(), newOption(), newOption(), newOption()],
    // One blank worth the question's usual score: the blanks add up to the score from the start.
    blanks: [{ ...newBlank(), score: DEFAULT_SCORES.fill }],
    points: [],
    analysis: '',
    difficulty: 3,
    score: DEFAULT_SCORES[type],
    discipline: undefined,
    source: '',
    flagIds: [],
    fileTypes: type === 'file' ? ['pdf', 'docx'] : [],
    maxSizeMb: type === 'file' ? 10 : undefined,
  };
}

/** A saved question in the editor's form. */
export function toValues(q: Question): EditorValues {
  const base = emptyValues(q.type, q.libId);
  const items = q.items ?? [];
  const choice = q.type === 'single' || q.type === 'multiple';
  return {
    ...base,
    stem: q.stem,
    answer: q.type === 'judge' ? '' : q.answer,
    judge: q.type === 'judge' && (q.answer === 'T' || q.answer === 'F') ? q.answer : undefined,
    options: choice
      ? items.map((i) => ({ key: rowKey(), id: i.id, content: i.content, isAnswer: i.isAnswer === 1 ? 1 : 0 }))
      : base.options,
    blanks:
      q.type === 'fill'
        ? items.map((i) => ({
            key: rowKey(),
            id: i.id,
            answers: i.content
              .split('|')
              .map((a) => a.trim())
              .filter(Boolean),
            score: i.score,
            caseSensitive: Boolean(i.config?.caseSensitive),
            ignoreWidth: Boolean(i.config?.ignoreWidth),
            ignoreSpace: Boolean(i.config?.ignoreSpace),
          }))
        : base.blanks,
    points:
      q.type === 'short' ? items.map((i) => ({ key: rowKey(), id: i.id, content: i.content, score: i.score })) : [],
    analysis: q.analysis,
    difficulty: q.difficulty || 3,
    score: q.score,
    discipline: q.discipline,
    source: q.source,
    flagIds: q.flagIds ?? [],
    fileTypes: q.config?.fileTypes ?? (q.type === 'file' ? base.fileTypes : []),
    maxSizeMb: q.config?.maxSizeMb ?? base.maxSizeMb,
  };
}

type Item = QuestionItemForm & { id?: string };

/** The items a question of this type keeps: options, blanks, scoring points — or none. */
export function itemsOf(v: EditorValues): Item[] {
  switch (v.type) {
    case 'single':
    case 'multiple':
      return v.options.map((o) => ({ id: o.id, content: o.content, isAnswer: o.isAnswer, score: 0 }));
    case 'fill':
      return v.blanks.map((b) => ({
        id: b.id,
        content: b.answers
          .map((a) => a.trim())
          .filter(Boolean)
          .join('|'),
        isAnswer: 0,
        score: b.score ?? 0,
        config: { caseSensitive: b.caseSensitive, ignoreWidth: b.ignoreWidth, ignoreSpace: b.ignoreSpace },
      }));
    case 'short':
      return v.points.map((p) => ({ id: p.id, content: p.content, isAnswer: 0, score: p.score ?? 0 }));
    default:
      return [];
  }
}

/** The answer field as the server keeps it: T/F for a judgement, the reference answer where there is one. */
export function answerOf(v: EditorValues): string {
  if (v.type === 'judge') return v.judge ?? '';
  if (v.type === 'short' || v.type === 'practical' || v.type === 'file') return v.answer;
  return '';
}

/**
 * What the points or blanks add up to where they decide the score (`partsTotal`, the server's rule), else undefined.
 * A composite's score is its children's total, kept by the server.
 */
export function partsScore(v: EditorValues): number | undefined {
  return v.type === 'composite' ? undefined : partsTotal({ type: v.type, items: itemsOf(v) });
}

/** What `save` / `addEmptyChildQuestion` take (the library and parent are the caller's to add). */
export function toBody(v: EditorValues): Omit<QuestionForm, 'libId'> {
  return {
    type: v.type,
    stem: v.stem,
    answer: answerOf(v),
    analysis: v.analysis,
    difficulty: v.difficulty,
    // A composite's score is derived from its children on the server.
    ...(v.type === 'composite' ? {} : { score: v.score ?? 0 }),
    ...(v.discipline !== undefined ? { discipline: v.discipline } : {}),
    source: v.source.trim(),
    config: v.type === 'file' ? { fileTypes: v.fileTypes, ...(v.maxSizeMb ? { maxSizeMb: v.maxSizeMb } : {}) } : {},
    items: itemsOf(v),
    flagIds: v.flagIds,
  };
}

/** The part of the form a shape problem belongs beside. */
export type ProblemField = 'stem' | 'type' | 'options' | 'judge' | 'blanks' | 'score';

const FIELD_OF: Partial<Record<MessageKey, ProblemField>> = {
  'question.stem.required': 'stem',
  'question.composite.nested': 'type',
  'question.items.none': 'type',
  'question.options.min': 'options',
  'question.options.max': 'options',
  'question.option.empty': 'options',
  'question.answer.single': 'options',
  'question.answer.multiple': 'options',
  'question.answer.judge': 'judge',
  'question.blanks.min': 'blanks',
  'question.blank.empty': 'blanks',
};

/**
 * What is wrong with the question's shape, by the same rules as the server and every import (`questionProblems`),
 * each with the field it is shown beside.
 */
export function problemsOf(
  v: EditorValues,
  inComposite: boolean,
): { field: ProblemField; key: MessageKey; params?: Record<string, number> }[] {
  const problems = questionProblems(
    {
      type: v.type,
      stem: v.stem,
      answer: answerOf(v),
      items: itemsOf(v).map((i) => ({ content: i.content, isAnswer: i.isAnswer ?? 0 })),
    },
    inComposite,
  );
  const score = scoreProblemOf(v);
  return [
    ...problems.map((key) => ({ key, field: FIELD_OF[key] ?? 'type' })),
    ...(score ? [{ ...score, field: 'score' as const }] : []),
  ];
}

/** The score against its points or blanks, by the server's rule (`scoreMismatch`): the message and its sums. */
export function scoreProblemOf(v: EditorValues): { key: MessageKey; params: Record<string, number> } | null {
  if (v.type === 'composite') return null;
  return scoreMismatch({ type: v.type, score: v.score ?? 0, items: itemsOf(v) });
}

/** The form as the student view draws it. */
export function toViewQuestion(v: EditorValues, children: ViewQuestion[] = []): ViewQuestion {
  return {
    type: v.type,
    stem: v.stem,
    answer: answerOf(v),
    analysis: v.analysis,
    score: v.score,
    items: itemsOf(v),
    config: v.type === 'file' ? { fileTypes: v.fileTypes, maxSizeMb: v.maxSizeMb } : {},
    children: v.type === 'composite' ? children : [],
  };
}

/** A saved question (with its children, as `tree/{id}` answers it) as the student view draws it. */
export function savedViewQuestion(q: Question & { children?: QuestionTree[] }): ViewQuestion {
  return {
    type: q.type,
    stem: q.stem,
    answer: q.answer,
    analysis: q.analysis,
    score: q.score,
    items: q.items,
    config: q.config,
    children: (q.children ?? []).map((c) => savedViewQuestion(c)),
  };
}
