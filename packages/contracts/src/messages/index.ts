import { academicEn, academicZh } from './academic.ts';
import { assignmentEn, assignmentZh } from './assignment.ts';
import { commonEn, commonZh } from './common.ts';
import { courseEn, courseZh } from './course.ts';
import { deskEn, deskZh } from './desk.ts';
import { fieldsEn, fieldsZh } from './fields.ts';
import { filejobEn, filejobZh } from './filejob.ts';
import { filesEn, filesZh } from './files.ts';
import type { Locale } from './locale.ts';
import { logEn, logZh } from './log.ts';
import { paperEn, paperZh } from './paper.ts';
import { practicalEn, practicalZh } from './practical.ts';
import { questionEn, questionZh } from './question.ts';
import { socialEn, socialZh } from './social.ts';
import { systemEn, systemZh } from './system.ts';
import { userEn, userZh } from './user.ts';

/**
 * Messages the server and the web both show, keyed once. Validation schemas carry these keys as their
 * error text; the server translates them for the caller's language and the web for its own. Each area keeps its
 * messages in its own file (zh first, en typed against it so no key goes untranslated); they meet here.
 */

const zh = {
  ...commonZh,
  ...systemZh,
  ...userZh,
  ...deskZh,
  ...filesZh,
  ...logZh,
  ...academicZh,
  ...socialZh,
  ...questionZh,
  ...paperZh,
  ...assignmentZh,
  ...practicalZh,
  ...filejobZh,
  ...courseZh,
};
export type MessageKey = keyof typeof zh;
const en: Record<MessageKey, string> = {
  ...commonEn,
  ...systemEn,
  ...userEn,
  ...deskEn,
  ...filesEn,
  ...logEn,
  ...academicEn,
  ...socialEn,
  ...questionEn,
  ...paperEn,
  ...assignmentEn,
  ...practicalEn,
  ...filejobEn,
  ...courseEn,
};

export const messages: Record<Locale, Record<MessageKey, string>> = { zh, en };
export const fieldLabels: Record<Locale, Record<string, string>> = { zh: fieldsZh, en: fieldsEn };
export function isMessageKey(key: string): key is MessageKey {
  return key in zh;
}

/** Translate a key (or pass through a literal text) and fill `{name}` placeholders. */
/** A message's placeholder value; a time is written the way the reader's language writes it, to the minute. */
export type MessageParam = string | number | Date;

const timeFormats: Record<Locale, Intl.DateTimeFormat> = {
  zh: new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
};

export function translate(locale: Locale, key: string, params: Record<string, MessageParam> = {}): string {
  const text = isMessageKey(key) ? messages[locale][key] : key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value instanceof Date ? timeFormats[locale].format(value) : String(value ?? '');
  });
}

export function fieldLabel(locale: Locale, field: string): string {
  return fieldLabels[locale][field] ?? field;
}

/** `Accept-Language: en-US,en;q=0.9` → 'en'; anything not English is Chinese (the default). */
export function localeFrom(header: string | undefined | null): Locale {
  return header && /^\s*en\b/i.test(header) ? 'en' : 'zh';
}
