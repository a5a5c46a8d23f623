import type { Captcha, ErrorLogEntry, LoginOptions, LoginResponse, UserInfo } from '@shixun/contracts';
import SparkMD5 from 'spark-md5';
import { http } from './http.ts';

const base = '/api/blade-auth/oauth';

export interface Credentials {
  tenantId: string;
  username: string;
  /** Plain text; it travels md5-hashed, as the Saber client sends it. */
  password: string;
  captcha?: { key: string; code: string };
}

export const fetchLoginOptions = () => http.get<LoginOptions>(`${base}/login-options`);

export const fetchCaptcha = () => http.get<Captcha>(`${base}/captcha`, undefined, { raw: true });

export async function login(c: Credentials): Promise<LoginResponse> {
  const headers: Record<string, string> = { 'Tenant-Id': c.tenantId };
  if (c.captcha) {
    headers['Captcha-Key'] = c.captcha.key;
    headers['Captcha-Code'] = c.captcha.code;
  }
  const res = await http.post<LoginResponse & { error_description?: string }>(`${base}/token`, undefined, {
    params: {
      tenantId: c.tenantId,
      username: c.username,
      password: SparkMD5.hash(c.password),
      grant_type: c.captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
    raw: true,
    quiet: true,
  });
  // Saber's rule: a token response that carries error_description is a refusal, whatever its status.
  if (res.error_description) throw new Error(res.error_description);
  return res;
}

export const refreshToken = (refresh: string, tenantId: string) =>
  http.post<LoginResponse>(`${base}/token`, undefined, {
    params: { grant_type: 'refresh_token', refresh_token: refresh, tenantId, scope: 'all' },
    headers: { 'Tenant-Id': tenantId },
    raw: true,
  });

export const logout = () => http.get<null>(`${base}/logout`);

export const fetchUserInfo = () => http.get<UserInfo>(`${base}/user-info`);

/** Uploads the local error log (SPEC §7: the body of POST oauth/logout, as Saber sends it); answers how many were kept. */
export const sendErrorLogs = (logs: ErrorLogEntry[]) => http.post<number>(`${base}/logout`, logs);

/** Where to send the browser to sign in with a provider; the server binds this browser to the sign-in by a cookie. */
export const fetchSocialAuthorizeUrl = (source: string, tenantId: string) =>
  http.get<{ url: string }>(`${base}/render/${encodeURIComponent(source)}`, { tenantId });

/**
 * The social grant (source, code, state). A newcomer without an account gets `user_id` -1 and, as `oauth_id`, the
 * ticket their registration sends back. Errors are shown in place by the callback page.
 */
export async function socialLogin(source: string, code: string, state: string): Promise<LoginResponse> {
  const res = await http.post<LoginResponse & { error_description?: string }>(`${base}/token`, undefined, {
    params: { grant_type: 'social', source, code, state, scope: 'all' },
    raw: true,
    quiet: true,
  });
  if (res.error_description) throw new Error(res.error_description);
  return res;
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  /** Plain text; it travels md5-hashed. */
  password: string;
  /** The social grant's ticket. */
  oauthId: string;
}

/** 注册 (register-guest): the account waits, disabled, for an administrator's approval. Errors are shown in place. */
export const registerGuest = (form: GuestRegistration) =>
  http.post<null>(
    '/api/blade-user/register-guest',
    { ...form, password: SparkMD5.hash(form.password) },
    { quiet: true },
  );
