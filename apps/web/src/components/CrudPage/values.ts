import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import type { CrudColumn } from './types.ts';

/** A stored value as the form control wants it (date pickers hold dayjs objects, joined lists are arrays). */
export function toFormValue<T>(column: CrudColumn<T>, value: unknown): unknown {
  if (column.separator !== undefined && typeof value === 'string') return value.split(column.separator).filter(Boolean);
  if ((column.type === 'date' || column.type === 'datetime') && typeof value === 'string' && value) return dayjs(value);
  return value;
}

/** A form control's value as the contracts' schema and the server want it. */
export function fromFormValue<T>(column: CrudColumn<T>, value: unknown): unknown {
  if (column.separator !== undefined && Array.isArray(value)) return value.join(column.separator);
  if (column.type === 'password' && value === '') return undefined;
  if (dayjs.isDayjs(value)) {
    const d = value as Dayjs;
    return column.type === 'date' ? d.format('YYYY-MM-DD') : d.toISOString();
  }
  return value;
}

/** True when the form schema takes `null` for this field: the server's "none" for an optional id, date ... */
export function acceptsNull(schema: z.ZodObject, prop: string): boolean {
  return schema.shape[prop]?.safeParse(null).success ?? false;
}

/** How a date or time is shown in a table cell. */
export function formatDate(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' || !value) return '';
  return dayjs(value).format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD');
}
