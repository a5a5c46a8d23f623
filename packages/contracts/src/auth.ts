import { z } from 'zod';
import type { SocialLoginOption } from './system/social.ts';

export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social'] as const;

/**
 * `POST /api/blade-auth/oauth/token` parameters. Saber sends them in the query string; forms and JSON are
 * accepted too. The password is md5(plain) in lower-case hex, as the original client sends it.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.enum(GRANT_TYPES, { error: 'auth.grantNotAllowed' }),
  tenantId: z.string().trim().max(12).optional(),
  username: z.string().trim().max(64).optional(),
  password: z.string().trim().max(128).optional(),
  refresh_token: z.string().trim().max(200).optional(),
  /** Social grant: the provider, and the authorization code and state it sent the browser back with. */
  source: z.string().trim().max(32).optional(),
  code: z.string().trim().max(2000).optional(),
  state: z.string().trim().max(200).optional(),
  scope: z.string().max(50).optional(),
  type: z.string().max(20).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The login response of SPEC §3 (+ token_type, expires_in). */
export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: 'all';
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  avatar: string;
  oauth_id: string;
  client_id: string;
  detail: { type: string };
}

/** Failure body of the token endpoint: the envelope plus the OAuth2 error fields Saber reads. */
export interface TokenError {
  code: number;
  success: false;
  data: null;
  msg: string;
  error: string;
  error_description: string;
}

/** `GET /api/blade-auth/oauth/user-info`. */
export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  deptId: string;
  postId: string;
  roleIds: string[];
  roleAliases: string[];
  superuser: boolean;
}

/** `GET /api/blade-auth/oauth/login-options`: what the login page must show. */
export interface LoginOptions {
  tenantMode: boolean;
  captchaMode: boolean;
  defaultTenantId: string;
  /** Only on the embedded demo installation. */
  demoAccounts: { account: string; password: string; role: string }[];
  /** Enabled social sign-in providers (第三方登录), in their order. */
  socialProviders: SocialLoginOption[];
}

export interface Captcha {
  key: string;
  image: string;
}
