import type { MessageKey, MessageParam } from '@shixun/contracts';

/** An error whose message is meant for the user: a key of the shared catalog plus its placeholders. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    readonly key: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    /** What the client needs to act on the refusal (the envelope's `data`), beside the message it shows. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, MessageParam>) => new AppError(400, key, params);
export const unauthorized = () => new AppError(401, 'http.unauthorized');
export const forbidden = (key: MessageKey = 'http.forbidden', params?: Record<string, MessageParam>) =>
  new AppError(403, key, params);
export const notFound = () => new AppError(404, 'http.notFound');
