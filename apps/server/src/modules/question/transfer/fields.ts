import {
  type BlankRules,
  DISCIPLINES,
  type Locale,
  OPTION_LABELS,
  partsTotal,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  type QuestionDraft,
  type QuestionType,
  questionProblems,
  scoreMismatch,
} from '@shixun/contracts';
import type { ImportProblem } from './types.ts';

/**
 * The meaning of a question's fields as files write them (`AC`, `正确`, `北京；上海|沪`, `数学` …), shared by the
 * Excel and Word readers and writers so both formats say things the same way.
 */

/** The fields a file names by a heading (an Excel column, a Word `答案：` line), apart from the stem and options. */
export type FieldKey =
  | 'type'
  | 'answer'
  | 'analysis'
  | 'difficulty'
  | 'score'
  | 'knowledge'
  | 'source'
  | 'discipline'
  | 'points'
  | 'itemScores'
  | 'blankRules'
  | 'fileTypes'
  | 'maxSize';

/** A question as a file states it, before interpretation: words as written, rich text already as HTML. */
export interface RawQuestion {
  /** As written; '' = tell from the content (options → choice, 正确/错误 → judge, else short answer). */
  type: string;
  stem: string;
  options: string[];
  /** The answer as plain text (choice letters, 正确/错误, blanks). */
  answerText: string;
  /** The answer as rich text (a reference answer). */
  answerHtml: string;
  analysis: string;
  difficulty: string;
  score: string;
  knowledge: string;
  source: string;
  discipline: string;
  /** A short-answer question's scoring points, rich text. */
  points: string[];
  /** Blank or scoring-point scores, in order. */
  itemScores: string;
  blankRules: string;
  fileTypes: string;
  maxSize: string;
  /** Excel: the row it came from, named in a composite's child problems. */
  row?: number;
}

export function emptyRaw(): RawQuestion {
  return {
    type: '',
    stem: '',
    options: [],
    answerText: '',
    answerHtml: '',
    analysis: '',
    difficulty: '',
    score: '',
    knowledge: '',
    source: '',
    discipline: '',
    points: [],
    itemScores: '',
    blankRules: '',
    fileTypes: '',
    maxSize: '',
  };
}

/** 选择题 without saying which: single or multiple by the number of letters in the answer. */
export type TypeGuess = QuestionType | 'choice';

const TYPE_ALIASES: Record<string, TypeGuess> = {
  单选: 'single',
  单项选择题: 'single',
  多选: 'multiple',
  多项选择题: 'multiple',
  不定项选择题: 'multiple',
  选择题: 'choice',
  选择: 'choice',
  choice: 'choice',
  判断: 'judge',
  是非题: 'judge',
  对错题: 'judge',
  'true/false': 'judge',
  填空: 'fill',
  简答: 'short',
  问答题: 'short',
  组合: 'composite',
  复合题: 'composite',
  综合题: 'composite',
  实操: 'practical',
  操作题: 'practical',
  文件: 'file',
  附件题: 'file',
};

/** Every way of writing a type: its code, its Chinese and (lower-case) English name, then the synonyms. */
const TYPE_NAMES = new Map<string, TypeGuess>([
  ...Object.entries(TYPE_ALIASES),
  ...QUESTION_TYPES.flatMap((type) => {
    const names = QUESTION_TYPE_NAMES[type];
    return [type, names.zh, names.en.toLowerCase()].map((name) => [name, type] as const);
  }),
]);

/** A type as people write it: the code, its Chinese or English name, or a common synonym. */
export function typeFromText(text: string): TypeGuess | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return undefined;
  return TYPE_NAMES.get(t) ?? TYPE_NAMES.get(t.toLowerCase());
}

export function typeName(type: QuestionType, locale: Locale): string {
  return QUESTION_TYPE_NAMES[type][locale];
}

const JUDGE_TRUE = ['正确', '对', '是', '√', '✓', '✔', 'T', 'TRUE', 'Y', 'YES', 'RIGHT'];
const JUDGE_FALSE = ['错误', '错', '否', '×', '✗', '✘', 'X', 'F', 'FALSE', 'N', 'NO', 'WRONG'];

/** 正确/错误/对/错/√/×/T/F … → 'T' or 'F'; undefined when it is none of them. */
export function judgeFromText(text: string): 'T' | 'F' | undefined {
  const t = text.normalize('NFKC').trim().toUpperCase();
  if (JUDGE_TRUE.includes(t)) return 'T';
  if (JUDGE_FALSE.includes(t)) return 'F';
  return undefined;
}

export function judgeText(answer: string, locale: Locale): string {
  if (answer === 'T') return locale === 'zh' ? '正确' : 'True';
  if (answer === 'F') return locale === 'zh' ? '错误' : 'False';
  return answer;
}

/** Choice letters as written (`A C`, `a,c`, `ＡＣ`) → `AC`. */
function letters(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s,，、;；]/g, '');
}

export function choiceText(draft: QuestionDraft): string {
  return draft.items.map((item, i) => (item.isAnswer === 1 ? OPTION_LABELS[i] : '')).join('');
}

/** Blanks separated by `；`/`;` (or lines), alternatives by `|`. */
function blanksFromText(text: string): string[] {
  const blanks = text.split(/[;；\n]/).map((b) =>
    b
      .split(/[|｜]/)
      .map((a) => a.trim())
      .join('|'),
  );
  // A separator at the end is a habit, not an empty blank.
  while (blanks.length && blanks[blanks.length - 1] === '') blanks.pop();
  return blanks;
}

export function blanksText(draft: QuestionDraft, locale: Locale): string {
  return draft.items.map((i) => i.content).join(listSeparator(locale));
}

export function listSeparator(locale: Locale): string {
  return locale === 'zh' ? '；' : '; ';
}

const RULES: { key: keyof BlankRules; zh: string; en: string; also: string[] }[] = [
  { key: 'caseSensitive', zh: '区分大小写', en: 'case', also: ['大小写', 'casesensitive', 'case-sensitive'] },
  { key: 'ignoreWidth', zh: '忽略全半角', en: 'width', also: ['全半角', 'ignorewidth', 'ignore-width'] },
  { key: 'ignoreSpace', zh: '忽略空格', en: 'space', also: ['空格', 'ignorespace', 'ignore-space'] },
];

/** Each blank's matching rules, blanks separated like the answers: `区分大小写、忽略空格；忽略全半角`. */
export function rulesText(draft: QuestionDraft, locale: Locale): string {
  const perBlank = draft.items.map((item) =>
    RULES.filter((r) => item.config[r.key] === true)
      .map((r) => r[locale])
      .join(locale === 'zh' ? '、' : ', '),
  );
  return perBlank.some((r) => r !== '') ? perBlank.join(listSeparator(locale)) : '';
}

function rulesFromText(text: string, blanks: number, problems: ImportProblem[]): BlankRules[] {
  if (!text.trim()) return [];
  const entries = text.split(/[;；]/).map((entry) => {
    const rules: BlankRules = {};
    for (const word of entry.split(/[\s,，、+]+/).filter(Boolean)) {
      const w = word.toLowerCase();
      const rule = RULES.find((r) => r.zh === w || r.en === w || r.also.includes(w));
      if (rule) rules[rule.key] = true;
      else problems.push({ key: 'question.import.rules', params: { value: word } });
    }
    return rules;
  });
  // One entry for several blanks: the same rules for all of them.
  return entries.length === 1 ? Array.from({ length: blanks }, () => ({ ...entries[0] })) : entries;
}

/** Item (blank or scoring point) scores, written only when some item has one. */
export function itemScoresText(draft: QuestionDraft, locale: Locale): string {
  return draft.items.some((i) => i.score !== 0)
    ? draft.items.map((i) => String(i.score)).join(listSeparator(locale))
    : '';
}

function scoreFromText(text: string): number | undefined {
  const t = text
    .normalize('NFKC')
    .trim()
    .replace(/\s*(分|points?)$/i, '');
  if (t === '') return 0;
  const n = Number(t);
  // One decimal at most (comparing with a tolerance: 1.1 * 10 is not exactly 11 in floating point).
  if (!Number.isFinite(n) || n < 0 || n > 1000 || Math.abs(n * 10 - Math.round(n * 10)) > 1e-9) return undefined;
  return n;
}

const DIFFICULTY_WORDS: Record<string, number> = {
  容易: 1,
  简单: 1,
  易: 1,
  较易: 2,
  中等: 3,
  中: 3,
  一般: 3,
  较难: 4,
  难: 5,
  困难: 5,
  easy: 1,
  medium: 3,
  hard: 5,
};

function difficultyFromText(text: string): number | undefined {
  const t = text.normalize('NFKC').trim().toLowerCase();
  if (t === '') return 3;
  const n = DIFFICULTY_WORDS[t] ?? Number(t);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : undefined;
}

function disciplineFromText(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return '';
  return DISCIPLINES.find((d) => d.value === t || d.zh === t || d.en.toLowerCase() === t)?.value;
}

export function disciplineName(value: string, locale: Locale): string {
  return DISCIPLINES.find((d) => d.value === value)?.[locale] ?? value;
}

export function knowledgeText(draft: QuestionDraft): string {
  return draft.knowledge.join('；');
}

export function fileTypesText(draft: QuestionDraft): string {
  return (draft.config.fileTypes ?? []).join(', ');
}

function fileConfig(raw: RawQuestion, problems: ImportProblem[]): QuestionDraft['config'] {
  const config: QuestionDraft['config'] = {};
  const types = raw.fileTypes
    .split(/[\s,，、;；]+/)
    .map((t) => t.replace(/^\./, '').toLowerCase())
    .filter(Boolean);
  if (types.length) {
    if (types.some((t) => !/^[a-z0-9]{1,10}$/.test(t))) problems.push({ key: 'question.fileTypes.invalid' });
    config.fileTypes = types;
  }
  const size = raw.maxSize.trim().replace(/\s*mb$/i, '');
  if (size) {
    const n = Number(size);
    if (Number.isInteger(n) && n >= 1 && n <= 500) config.maxSizeMb = n;
    else problems.push({ key: 'question.maxSize.invalid' });
  }
  return config;
}

/** The type a question gets: as named, else told from its content. */
function resolveType(guess: TypeGuess | undefined, raw: RawQuestion): QuestionType {
  const choice = (): QuestionType => (letters(raw.answerText).length > 1 ? 'multiple' : 'single');
  if (guess === 'choice') return choice();
  if (guess) return guess;
  if (raw.options.length) return choice();
  if (judgeFromText(raw.answerText)) return 'judge';
  // A stem with blanks to fill (＿＿＿ or ___) and a short answer: a fill-in, as a teacher's sheet means it.
  if (BLANK_LINE.test(raw.stem) && raw.answerText && !/\n/.test(raw.answerText.trim())) return 'fill';
  return 'short';
}

const BLANK_LINE = /_{3,}|＿{2,}/;

export interface Built {
  draft: QuestionDraft;
  problems: ImportProblem[];
}

export interface BuildOptions {
  /** The type the file's section heading gives, used when the question names none. */
  section?: TypeGuess;
  /** It is a composite question's child. */
  inComposite?: boolean;
  /** A composite question's children, in order. */
  children?: RawQuestion[];
}

/**
 * A draft from what a file says, with everything wrong with it: the shared shape rules (questionProblems) plus what
 * only an import can get wrong (an unknown type, an answer letter that is not an option, an unreadable number).
 */
export function buildQuestion(raw: RawQuestion, options: BuildOptions = {}): Built {
  const problems: ImportProblem[] = [];
  let guess = options.section;
  if (raw.type.trim()) {
    guess = typeFromText(raw.type);
    if (!guess) problems.push({ key: 'question.import.type', params: { value: raw.type.trim() } });
  }
  const type = resolveType(guess, raw);

  const difficulty = difficultyFromText(raw.difficulty);
  if (difficulty === undefined) problems.push({ key: 'question.difficulty.invalid' });
  const score = scoreFromText(raw.score);
  if (score === undefined) problems.push({ key: 'question.score.invalid' });
  const discipline = disciplineFromText(raw.discipline);
  if (discipline === undefined) problems.push({ key: 'question.discipline.invalid' });

  const draft: QuestionDraft = {
    type,
    stem: raw.stem,
    answer: '',
    analysis: raw.analysis,
    difficulty: difficulty ?? 3,
    score: score ?? 0,
    discipline: discipline ?? '',
    source: raw.source.trim(),
    config: {},
    items: [],
    knowledge: raw.knowledge
      .split(/[;；\n]/)
      .map((k) => k.trim())
      .filter(Boolean),
    children: [],
  };

  const scores = raw.itemScores.trim() ? raw.itemScores.split(/[\s,，、;；]+/).filter(Boolean) : [];
  const itemScore = (i: number): number => {
    const n = scoreFromText(scores[i] ?? '');
    return n ?? 0;
  };
  if (scores.some((s) => scoreFromText(s) === undefined)) problems.push({ key: 'question.score.invalid' });

  switch (type) {
    case 'single':
    case 'multiple': {
      draft.items = raw.options.map((content) => ({ content, isAnswer: 0, score: 0, config: {} }));
      const answer = letters(raw.answerText);
      let known = true;
      for (const letter of answer) {
        const i = OPTION_LABELS.indexOf(letter);
        const item = i >= 0 ? draft.items[i] : undefined;
        if (item) item.isAnswer = 1;
        else known = false;
      }
      if (!known) problems.push({ key: 'question.import.answer', params: { value: raw.answerText.trim() } });
      break;
    }
    case 'judge':
      draft.answer = judgeFromText(raw.answerText) ?? raw.answerText.trim();
      break;
    case 'fill': {
      const blanks = blanksFromText(raw.answerText);
      const rules = rulesFromText(raw.blankRules, blanks.length, problems);
      draft.items = blanks.map((content, i) => ({ content, isAnswer: 0, score: itemScore(i), config: rules[i] ?? {} }));
      break;
    }
    case 'short':
      draft.answer = raw.answerHtml;
      draft.items = raw.points.map((content, i) => ({ content, isAnswer: 0, score: itemScore(i), config: {} }));
      break;
    case 'file':
      draft.answer = raw.answerHtml;
      draft.config = fileConfig(raw, problems);
      break;
    default:
      // composite, practical: a reference answer at most.
      draft.answer = raw.answerHtml;
  }
  // Options written for a type that has none would be lost without a word.
  if (raw.options.length && type !== 'single' && type !== 'multiple') problems.push({ key: 'question.items.none' });

  problems.push(...questionProblems(draft, options.inComposite).map((key) => ({ key })));

  const children = options.children ?? [];
  if (type === 'composite') {
    if (!options.inComposite && children.length === 0) problems.push({ key: 'question.composite.empty' });
    children.forEach((raw, i) => {
      const child = buildQuestion(raw, { inComposite: true });
      draft.children.push(child.draft);
      problems.push(...child.problems.map((p) => childProblem(p, i, raw)));
    });
  } else {
    children.forEach((raw, i) => {
      problems.push(childProblem({ key: 'question.import.childOutside' }, i, raw));
    });
  }
  // The score agrees with its parts (the editor's and the server's rule): derived when the file gives none, else
  // refused with both sums.
  const childScores = type === 'composite' && draft.children.length ? draft.children.map((c) => c.score) : undefined;
  const total = partsTotal(draft, childScores);
  if (total !== undefined && raw.score.trim() === '') draft.score = total;
  else if (score !== undefined) {
    const mismatch = scoreMismatch(draft, childScores);
    if (mismatch) problems.push(mismatch);
  }
  return { draft, problems };
}

function childProblem(p: ImportProblem, i: number, raw: RawQuestion): ImportProblem {
  return { key: p.key, params: { ...p.params, child: i + 1, ...(raw.row ? { row: raw.row } : {}) } };
}
