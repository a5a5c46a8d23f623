import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

/**
 * The calls the exam tests make as a signed-in user: a path under `/api/jd/pc/` (or a whole one), in Chinese unless
 * told; `data` expects 200 and gives its data, `refused` the status and, if given, the message.
 */
export function examCalls(app: () => TestApp) {
  const call = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    opts: { query?: object; payload?: object; lang?: string } = {},
  ) =>
    app().as(token, {
      method,
      url: url.startsWith('/') ? url : `/api/jd/pc/${url}`,
      query: opts.query as Record<string, string>,
      payload: opts.payload,
      headers: { 'accept-language': opts.lang ?? 'zh' },
    });
  async function data(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  async function refused(res: LightMyRequestResponse, status: number, msg?: string) {
    expect(res.statusCode, res.body).toBe(status);
    if (msg) expect(res.json().msg).toBe(msg);
  }
  return { call, data, refused };
}
