import type { Captcha, LoginOptions, LoginResponse, UserInfo } from '@shixun/contracts';
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

/** Where to send the browser to sign in with a provider; the server binds this browser to the sign-in by a cookie. */
export const fetchSocialAuthorizeUrl = (source: string, tenantId: string) =>
  http.get<{ url: string }>(`${base}/render/${encodeURIComponent(source)}`, { tenantId });
