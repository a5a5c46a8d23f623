import { HttpError } from '../api/http.ts';
import { useLogs } from '../stores/logs.ts';
import { ChunkLoadError } from './lazy.ts';

const text = (value: unknown) => (value instanceof Error ? value.message : String(value));
const stackOf = (value: unknown) => (value instanceof Error ? (value.stack ?? '') : '');

/**
 * Front-end runtime errors go to the error log (SPEC §2): script errors and unhandled promise rejections here, page
 * crashes through the error boundaries. A rejected HTTP call is not one: the client has already told the user what
 * the server answered.
 */
export function captureErrors(): void {
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an <img>) also fires `error`, without a message; only script errors count.
    if (!event.message) return;
    useLogs.getState().add({
      type: 'error',
      message: event.message,
      stack: stackOf(event.error),
      info: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof HttpError) return;
    useLogs.getState().add({ type: 'promise', message: text(event.reason), stack: stackOf(event.reason), info: '' });
  });
}

/** A page that crashed while rendering (error boundaries call this). */
export function logRenderError(error: unknown, componentStack?: string | null): void {
  useLogs.getState().add({
    type: error instanceof ChunkLoadError ? 'chunk' : 'render',
    message: text(error),
    stack: stackOf(error),
    info: (componentStack ?? '').trim(),
  });
}
