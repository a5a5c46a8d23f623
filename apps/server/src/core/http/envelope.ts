import { type Envelope, type Locale, type Page, translate } from '@shixun/contracts';

/** Success; with no data and no message given, Saber's "暂无承载数据". */
export function ok<T>(locale: Locale, data: T, msgKey?: 'ok.default' | 'ok.noData'): Envelope<T> {
  const key = msgKey ?? (data === null ? 'ok.noData' : 'ok.default');
  return { code: 200, success: true, data, msg: translate(locale, key) };
}

export function failure<T extends Record<string, unknown> | null = null>(
  code: number,
  msg: string,
  data: T = null as T,
): Envelope<T> {
  return { code, success: false, data, msg };
}

export function toPage<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
