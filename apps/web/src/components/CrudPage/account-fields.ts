import type { TFunction } from 'i18next';
import SparkMD5 from 'spark-md5';
import type { CrudColumn } from './types.ts';

/**
 * The pages whose rows are accounts (users, students, teachers) ask a new account's password once, when adding,
 * and send it as its md5, as every Saber client does.
 */
export function newPasswordColumn<T extends { password?: string }>(label: string, t: TFunction): CrudColumn<T> {
  return {
    prop: 'password' as Extract<keyof T, string>,
    label,
    type: 'password',
    hideInTable: true,
    modes: ['add'],
    half: true,
    rules: [
      { required: true, message: t('shared:user.password.required') },
      { min: 6, message: t('shared:user.password.tooShort') },
    ],
  };
}

/** `beforeSubmit` of those pages: a typed password leaves the browser as its md5 only. */
export const hashTypedPassword = <V extends { password?: unknown }>(values: V): V =>
  typeof values.password === 'string' && values.password
    ? { ...values, password: SparkMD5.hash(values.password) }
    : values;
