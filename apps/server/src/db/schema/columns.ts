import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * 64-bit id column that is a decimal string in JavaScript. pg returns int8 as a string and PGlite as a bigint;
 * both become strings so an id is never rounded on its way to the browser.
 */
export const id = customType<{ data: string; driverData: string | bigint | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});

export const tenantId = () => varchar('tenant_id', { length: 12 }).notNull();

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The audit block every entity carries (ARCHITECTURE §5). */
export const auditColumns = () => ({
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: time('create_time').notNull().defaultNow(),
  updateUser: id('update_user'),
  updateTime: time('update_time').notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});

export { time as timestampColumn };

/**
 * A JSON value of any shape (a string, an array, an object, null). Both drivers hand jsonb over already parsed;
 * drizzle's own jsonb parses strings once more, which turns a stored "123…" into a number — this one does not.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => (value === null ? null : JSON.stringify(value)),
  fromDriver: (value) => value,
});
