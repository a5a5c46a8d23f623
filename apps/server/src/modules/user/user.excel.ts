import { type Locale, translate } from '@shixun/contracts';
import { buildSheet, headerOf, readSheet } from '../../core/excel/sheet.ts';

/** The template's columns in order; the header shows each one's field label in the caller's language. */
export const USER_COLUMNS = [
  'account',
  'name',
  'realName',
  'phone',
  'email',
  'sex',
  'birthday',
  'roleAliases',
  'deptName',
  'postCode',
] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];

/** One data row of an import file, as text, with the row number Excel shows. */
export type SheetRow = Record<UserColumn, string> & { row: number };

const EXAMPLE: Record<Locale, Record<UserColumn, string>> = {
  zh: {
    account: 'zhangsan',
    name: '小张',
    realName: '张三',
    phone: '13800138000',
    email: 'zhangsan@example.com',
    sex: '男',
    birthday: '2000-09-01',
    roleAliases: 'teacher',
    deptName: '机电工程系',
    postCode: 'teacher',
  },
  en: {
    account: 'zhangsan',
    name: 'Zhang',
    realName: 'Zhang San',
    phone: '13800138000',
    email: 'zhangsan@example.com',
    sex: 'Male',
    birthday: '2000-09-01',
    roleAliases: 'teacher',
    deptName: 'Mechanical Engineering',
    postCode: 'teacher',
  },
};

export function templateHeader(locale: Locale): string[] {
  return headerOf(locale, USER_COLUMNS);
}

export function buildTemplate(locale: Locale): Promise<Buffer> {
  const example = EXAMPLE[locale];
  return buildSheet(translate(locale, 'user.excel.sheet'), templateHeader(locale), [
    USER_COLUMNS.map((c) => example[c]),
  ]);
}

/** The user template's rows. */
export function readUserSheet(file: Buffer): Promise<SheetRow[]> {
  return readSheet(file, USER_COLUMNS);
}
