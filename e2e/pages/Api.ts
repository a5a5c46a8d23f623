import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The HTTP API as a signed-in user, for the data a spec needs around the screen it drives. */
export class Api {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, account: string, password: string): Promise<Api> {
    const res = await request.post('/api/blade-auth/oauth/token', {
      headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
      params: {
        tenantId: '000000',
        username: account,
        password: createHash('md5').update(password).digest('hex'),
        grant_type: 'password',
        scope: 'all',
      },
    });
    const body = (await res.json()) as { access_token?: string };
    if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return new Api(request, body.access_token);
  }

  async post<T>(url: string, data?: object, params?: Record<string, string>): Promise<T> {
    const res = await this.request.post(url, {
      headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${this.token}` },
      data,
      params,
    });
    const body = (await res.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  }
}
