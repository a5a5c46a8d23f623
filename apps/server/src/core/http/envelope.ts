import { type Envelope, type Locale, type Page, translate } from '@shixun/contracts';

export function ok<T>(locale: Locale, data: T, msgKey: 'ok.default' | 'ok.noData' = 'ok.default'): Envelope<T> {
  return { code: 200, success: true, data, msg: translate(locale, data === null ? 'ok.noData' : msgKey) };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, success: false, data: null, msg };
}

export function toPage<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
