import { website } from '../config.ts';
import { i18n } from '../i18n/index.ts';
import { useAuth } from '../stores/auth.ts';
import { clearSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { ui } from './bridge.ts';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, QueryValue>;
  /** Sent as JSON. */
  data?: unknown;
  /** Sent as multipart (an upload); the browser sets the boundary. */
  form?: FormData;
  /** A file is expected: resolve with it (an error still arrives as the usual JSON envelope). */
  file?: boolean;
  /** Milliseconds; the spec's 10 s unless a call is known to take longer (a large import). */
  timeout?: number;
  headers?: Record<string, string>;
  /** The body is not an envelope (oauth/token, captcha): resolve with the body itself. */
  raw?: boolean;
  /** The caller shows the error in place (the login form), so no toast. */
  quiet?: boolean;
}

/**
 * A rejected call; `code` is the envelope code, the HTTP status, or 0 when no response arrived. `retryAfter`: the
 * seconds a 429 or 503 asked to wait (its Retry-After header), when it said.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** An answer's body: our envelope, or an OAuth error. */
export interface Body {
  code?: unknown;
  data?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

const basicAuth = `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

export function withQuery(url: string, params?: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * The headers every call to our API carries: the client's Basic header, the user's language, and the signed-in
 * user's token (read at each call, so a refreshed token is used at once). For clients other than `request` (the
 * resumable uploads of resumable.ts).
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: basicAuth,
    'Accept-Language': useSettings.getState().language === 'en' ? 'en' : 'zh-CN',
  };
  const token = useAuth.getState().accessToken;
  if (token) headers[website.tokenHeader] = `bearer ${token}`;
  return headers;
}

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(apiHeaders())) headers.set(name, value);
  if (options.data !== undefined) headers.set('Content-Type', 'application/json');
  return headers;
}

/** A downloaded file with the name the server gave it (RFC 5987 `filename*` preferred). */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

async function fileOf(response: Response): Promise<DownloadedFile> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), name: encoded ? decodeURIComponent(encoded) : (plain ?? 'download') };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function fail(message: string, code: number, options: RequestOptions, body?: unknown, retryAfter?: number): never {
  if (!options.quiet) ui.error(message);
  throw new HttpError(message, code, body, retryAfter);
}

/** Retry-After in seconds: a number of them, or an HTTP date. */
export function retryAfterOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

/**
 * The one HTTP client (SPEC §8): HTTP 200–500 are answers whose code is `body.code || status`; whitelisted codes
 * reject silently, 401 signs out locally, any other code but 200 toasts `msg || error_description || 未知错误`.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? website.requestTimeout);
  let status: number;
  let body: Body | undefined;
  let retryAfter: number | undefined;
  try {
    const response = await fetch(withQuery(url, options.params), {
      method: options.method ?? 'GET',
      headers: headersFor(options),
      body: options.form ?? (options.data === undefined ? undefined : JSON.stringify(options.data)),
      signal: controller.signal,
    });
    status = response.status;
    retryAfter = retryAfterOf(response.headers.get('retry-after'));
    if (options.file && status === 200 && !response.headers.get('content-type')?.includes('json')) {
      return (await fileOf(response)) as T;
    }
    body = (await response.json().catch(() => undefined)) as Body | undefined;
  } catch {
    return unanswered(options, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }

  if (status < 200 || status > 500 || answerCode(status, body) !== 200) refuse(status, body, options, retryAfter);
  return (options.raw ? body : body?.data) as T;
}

/** The code of an answer: the envelope's, else the HTTP status. */
const answerCode = (status: number, body: Body | undefined) => (typeof body?.code === 'number' && body.code) || status;

/**
 * How the app meets an answer that is not a success, whichever client received it (`request`, or a resumable
 * upload's): HTTP 200–500 are answers whose code is `body.code || status`; whitelisted codes reject silently, 401
 * signs out locally, any other code toasts `msg || error_description || 未知错误` (unless `quiet`). Always throws
 * the HttpError.
 */
export function refuse(
  status: number,
  body: Body | undefined,
  options: RequestOptions = {},
  retryAfter?: number,
): never {
  if (status < 200 || status > 500)
    return fail(i18n.t('http.unavailable', { status }), status, options, body, retryAfter);
  const code = answerCode(status, body);
  const message = text(body?.msg) ?? text(body?.error_description) ?? i18n.t('http.unknownError');
  if (website.statusWhiteList.includes(code)) throw new HttpError(message, code, body);
  if (code === 401) {
    clearSession();
    if (window.location.pathname !== website.loginPath) ui.navigate(website.loginPath);
  }
  if (code === 403) ui.forbidden();
  return fail(message, code, options, body, retryAfter);
}

/** No answer arrived (offline, timed out): the toast and the HttpError with code 0. */
export function unanswered(options: RequestOptions = {}, timedOut = false): never {
  return fail(timedOut ? i18n.t('http.timeout') : i18n.t('http.networkError'), 0, options);
}

export const http = {
  get: <T>(url: string, params?: RequestOptions['params'], options?: RequestOptions) =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>(url, { ...options, method: 'POST', data }),
  /** POST a file (multipart field `file`) with extra query parameters. */
  upload: <T>(url: string, file: File, params?: RequestOptions['params'], options?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file);
    return request<T>(url, { ...options, method: 'POST', form, params });
  },
  /** GET a file and hand it to the browser as a download. */
  download: async (url: string, params?: RequestOptions['params']) => {
    const { blob, name } = await request<DownloadedFile>(url, { method: 'GET', params, file: true });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  },
};
