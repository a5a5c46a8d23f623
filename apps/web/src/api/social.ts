import type { LoginResponse, SocialProvider, SocialProviderForm } from '@shixun/contracts';
import SparkMD5 from 'spark-md5';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';

/** Social sign-in (第三方登录): only the pages that use it load this, never the login page itself. */
const base = '/api/blade-auth/oauth';

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

const social = '/api/blade-system/social';
/** 第三方登录: the sign-in page's OAuth2 providers (platform superuser). The secret is write-only. */
export const socialApi = {
  ...resourceApi<SocialProvider, SocialProviderForm>(social),
  /** An edit that sends only the new secret: the rest stays as it is. */
  changeSecret: (id: string, clientSecret: string) =>
    http.post<SocialProvider>(`${social}/submit`, { id, clientSecret }),
};
