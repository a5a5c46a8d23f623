import { ERROR_LOG_LIMITS, ERROR_LOG_MAX, type ErrorLogEntry } from '@shixun/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { local, storageKey } from './storage.ts';

/** The top bar's badge stops counting here (SPEC §9). */
export const BADGE_MAX = 99;

const clip = (text: unknown, max: number) => String(text ?? '').slice(0, max);

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in the browser's local time, as Saber records it. */
export function logTime(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

interface LogsState {
  /** Newest first, at most ERROR_LOG_MAX: a page failing in a loop cannot fill the browser's storage. */
  logs: ErrorLogEntry[];
  add: (entry: Pick<ErrorLogEntry, 'type' | 'message' | 'stack' | 'info'> & { url?: string }) => void;
  clear: () => void;
}

export const useLogs = create<LogsState>()(
  persist(
    (set) => ({
      logs: [],
      add: (entry) =>
        set(({ logs }) => {
          const log: ErrorLogEntry = {
            type: clip(entry.type, ERROR_LOG_LIMITS.type),
            url: clip(entry.url ?? window.location.href, ERROR_LOG_LIMITS.url),
            message: clip(entry.message, ERROR_LOG_LIMITS.message),
            stack: clip(entry.stack, ERROR_LOG_LIMITS.stack),
            info: clip(entry.info, ERROR_LOG_LIMITS.info),
            time: logTime(),
          };
          return { logs: [log, ...logs].slice(0, ERROR_LOG_MAX) };
        }),
      clear: () => set({ logs: [] }),
    }),
    { name: storageKey('logs'), storage: local },
  ),
);
