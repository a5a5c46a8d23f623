/**
 * Bounds of the front-end error log, apart from its schemas so that the browser's error capture (in the app's
 * entry file) uses them without loading zod.
 */
/** How long each field of an uploaded front-end error may be; the browser clips to the same lengths. */
export const ERROR_LOG_LIMITS = { type: 32, url: 2000, message: 2000, stack: 8000, info: 2000, time: 32 } as const;
/** The most entries one upload (and the browser's log) holds; the messages in messages/log.ts name it. */
export const ERROR_LOG_MAX = 200;
