import { HttpError } from '../../api/http.ts';
import type { SaveFailure } from './sync.ts';

/**
 * The server asked to wait (429 too many saves, 503 briefly unavailable): again after its Retry-After. Too large
 * (413): answer by answer. Refused (time up, handed in): stop. No answer (offline, a timeout), the server's own
 * trouble (5xx) or a lapsed sign-in: try again later.
 */
export function classify(error: unknown): SaveFailure {
  if (!(error instanceof HttpError)) return { kind: 'network' };
  if (error.code === 429 || error.code === 503) return { kind: 'delayed', retryAfter: error.retryAfter };
  if (error.code === 413) return { kind: 'tooLarge' };
  if (error.code !== 0 && error.code !== 401 && error.code < 500) return { kind: 'refused', message: error.message };
  return { kind: 'network' };
}

/** A hand-in the server will not take as it is: its message says why (a transient failure is tried again). */
export const refused = (error: unknown) => ['refused', 'tooLarge'].includes(classify(error).kind);
