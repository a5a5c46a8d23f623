import {
  type CrudResource,
  DISCIPLINES,
  type LibAccess,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  type QuestionType,
} from '@shixun/contracts';
import { i18n } from '../../i18n/index.ts';

/**
 * The library list's resource (and query key). What a teacher may do with a library differs row by row (theirs,
 * shared to edit, shared to read, public), so the list takes `ownActions` and every button is the page's own.
 */
export const LIB_LIST_KEY: CrudResource = 'question_lib';

const english = () => i18n.language === 'en';

/** 单选题 / Single choice, in the UI's language. */
export function typeName(type: string): string {
  const names = QUESTION_TYPE_NAMES[type as QuestionType];
  if (!names) return type;
  return english() ? names.en : names.zh;
}

/** Every question type as select options (a composite question's children cannot be composite). */
export function typeOptions(child = false): { label: string; value: QuestionType }[] {
  return QUESTION_TYPES.filter((t) => !child || t !== 'composite').map((t) => ({ label: typeName(t), value: t }));
}

/** 语文 / Chinese; '' (none) stays empty. */
export function disciplineName(value: string | undefined): string {
  const d = DISCIPLINES.find((x) => x.value === value);
  if (!d) return '';
  return english() ? d.en : d.zh;
}

export function disciplineOptions(): { label: string; value: string }[] {
  return DISCIPLINES.map((d) => ({ label: english() ? d.en : d.zh, value: d.value }));
}

/** A tag colour per type, so a list of mixed questions reads at a glance. */
export const TYPE_COLORS: Record<QuestionType, string> = {
  single: 'blue',
  multiple: 'geekblue',
  judge: 'cyan',
  fill: 'purple',
  short: 'magenta',
  composite: 'gold',
  practical: 'green',
  file: 'volcano',
};

/** A tag colour per access level of a library. */
export const ACCESS_COLORS: Record<LibAccess, string> = {
  own: 'blue',
  edit: 'green',
  read: 'default',
  public: 'gold',
  admin: 'purple',
};
