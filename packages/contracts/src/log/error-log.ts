import { z } from 'zod';

import { ERROR_LOG_LIMITS, ERROR_LOG_MAX } from './limits.ts';

const field = (max: number) => z.string({ error: 'validation.invalid' }).max(max, { error: 'validation.tooLong' });

/**
 * A front-end runtime error (SPEC §3 "local error log"): `type` (error, promise, render, chunk), the page's address,
 * the message, the stack, more context (file and line, or the component stack) and the browser's local time.
 */
export const errorLogEntrySchema = z.object({
  type: field(ERROR_LOG_LIMITS.type).min(1, { error: 'log.type.required' }),
  url: field(ERROR_LOG_LIMITS.url).default(''),
  message: field(ERROR_LOG_LIMITS.message).default(''),
  stack: field(ERROR_LOG_LIMITS.stack).default(''),
  info: field(ERROR_LOG_LIMITS.info).default(''),
  time: field(ERROR_LOG_LIMITS.time).default(''),
});
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;

/** `POST /api/blade-auth/oauth/logout` with the log array as the body (SPEC §7). */
export const errorLogUploadSchema = z
  .array(errorLogEntrySchema, { error: 'log.upload.array' })
  .min(1, { error: 'log.upload.empty' })
  .max(ERROR_LOG_MAX, { error: 'log.upload.tooMany' });

/** An uploaded front-end error as a later log viewer (blade-log `error`) lists it. */
export const errorLogSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  userId: z.string(),
  type: z.string(),
  url: z.string(),
  message: z.string(),
  stack: z.string(),
  info: z.string(),
  clientTime: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createTime: z.string(),
});
export type ErrorLogRecord = z.infer<typeof errorLogSchema>;
