import type { ErrorLogEntry } from '@shixun/contracts';
import { http } from './http.ts';
/** Uploads the local error log (SPEC §7: the body of POST oauth/logout, as Saber sends it); answers how many were kept. */
export const sendErrorLogs = (logs: ErrorLogEntry[]) => http.post<number>('/api/blade-auth/oauth/logout', logs);
