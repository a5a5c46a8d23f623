// 题型 and their names, without schemas: pages that only name or count questions (the exam) do not download zod.

/** 题型 (DOMAIN §2). A composite question's children are questions of any other type. */
export const QUESTION_TYPES = [
  'single',
  'multiple',
  'judge',
  'fill',
  'short',
  'composite',
  'practical',
  'file',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_NAMES: Record<QuestionType, { zh: string; en: string }> = {
  single: { zh: '单选题', en: 'Single choice' },
  multiple: { zh: '多选题', en: 'Multiple choice' },
  judge: { zh: '判断题', en: 'True or false' },
  fill: { zh: '填空题', en: 'Fill in the blank' },
  short: { zh: '简答题', en: 'Short answer' },
  composite: { zh: '组合题', en: 'Composite' },
  practical: { zh: '实操题', en: 'Practical' },
  file: { zh: '文件题', en: 'File answer' },
};

/** Types whose items are options (one or several of them right). */
export const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple'];
/** Option labels: A–H. */
export const OPTION_LABELS = 'ABCDEFGH';
