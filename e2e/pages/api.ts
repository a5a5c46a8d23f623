import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * Calls to the API for what a spec needs around the screen it tests (settings, checks of what a screen cannot
 * show), signed in as the platform administrator, as the web client calls it.
 */
export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<AdminApi> {
    const password = createHash('md5').update('admin').digest('hex');
    const res = await request.post('/api/blade-auth/oauth/token', {
      headers: { Authorization: basic, 'Tenant-Id': '000000' },
      params: { tenantId: '000000', username: 'admin', password, grant_type: 'password', scope: 'all' },
    });
    const body = (await res.json()) as { access_token: string };
    return new AdminApi(request, body.access_token);
  }

  private headers() {
    return { Authorization: basic, 'Blade-Auth': `bearer ${this.token}` };
  }

  async get<T>(url: string, params?: Record<string, string>): Promise<T> {
    const res = await this.request.get(url, { headers: this.headers(), params });
    return ((await res.json()) as { data: T }).data;
  }

  async post<T>(url: string, data: unknown): Promise<T> {
    const res = await this.request.post(url, { headers: this.headers(), data });
    return ((await res.json()) as { data: T }).data;
  }

  /** Sets a parameter (参数管理) and answers its previous value. */
  async setParam(key: string, value: string): Promise<string> {
    const page = await this.get<{ records: { id: string; paramKey: string; paramValue: string }[] }>(
      '/api/blade-system/param/list',
      { paramKey: key },
    );
    const row = page.records.find((r) => r.paramKey === key);
    if (!row) throw new Error(`parameter ${key} is not seeded`);
    await this.post('/api/blade-system/param/submit', { id: row.id, paramValue: value });
    return row.paramValue;
  }
}

/** The options a select of that dictionary offers the signed-in user of `page` (`dict/dictionary?code=`). */
export async function dictionaryOptions(page: Page, code: string): Promise<string[]> {
  return page.evaluate(async (code) => {
    const stored = JSON.parse(localStorage.getItem('shixun-auth') ?? '{}') as { state?: { accessToken?: string } };
    const res = await fetch(`/api/blade-system/dict/dictionary?code=${encodeURIComponent(code)}`, {
      headers: { 'Blade-Auth': `bearer ${stored.state?.accessToken ?? ''}` },
    });
    const body = (await res.json()) as { data: { dictValue: string }[] };
    return body.data.map((d) => d.dictValue);
  }, code);
}
