import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * The HTTP API as a signed-in user, as the web client calls it: for what a spec needs around the screen it drives
 * (settings, fixtures, checks of what a screen cannot show). Any answer but code 200 throws.
 */
export class Api {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, account = 'admin', password = 'admin', tenantId = '000000') {
    const res = await request.post('/api/blade-auth/oauth/token', {
      headers: { Authorization: BASIC, 'Tenant-Id': tenantId },
      params: {
        tenantId,
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

  private async data<T>(url: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
    const body = (await res.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  }

  private headers() {
    return { Authorization: BASIC, 'Blade-Auth': `bearer ${this.token}` };
  }

  async get<T>(url: string, params?: Record<string, string>): Promise<T> {
    return this.data<T>(url, await this.request.get(url, { headers: this.headers(), params }));
  }

  async post<T>(url: string, data?: object, params?: Record<string, string>): Promise<T> {
    return this.data<T>(url, await this.request.post(url, { headers: this.headers(), data, params }));
  }

  /** Stores a file through `put-file` (as the upload fields do) and answers its link. */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }, category = 'image'): Promise<string> {
    return (await this.store(file, category)).link;
  }

  /** Stores a file through `put-file` and answers its attachment (id, link, SHA-256). */
  async store(file: { name: string; mimeType: string; buffer: Buffer }, category = 'file') {
    const url = '/api/blade-resource/oss/endpoint/put-file';
    const res = await this.request.post(url, { headers: this.headers(), multipart: { file }, params: { category } });
    return this.data<{ link: string; attachId: string; sha256?: string }>(url, res);
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

  /** Runs `work` with a parameter set to `value`, then puts the old value back, whatever happens. */
  async withParam<T>(key: string, value: string, work: () => Promise<T>): Promise<T> {
    const before = await this.setParam(key, value);
    try {
      return await work();
    } finally {
      await this.setParam(key, before);
    }
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
