import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGuard } from './core/access/guard.ts';
import { SessionCache } from './core/access/session-cache.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the app', () => {
  it('reports database health without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with the envelope, in either language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, success: false, data: null, msg: '接口不存在' });
    const en = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-language': 'en' } });
    expect(en.json().msg).toBe('No such API');
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const list = doc.paths['/api/blade-system/param/list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['current', 'size', 'paramName', 'paramKey']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('refuses to start with an /api route that declares no access rule', async () => {
    const app = Fastify();
    installGuard(app, { db: t.db, tokens: t.tokens, sessions: new SessionCache() });
    expect(() => app.get('/api/oops', async () => 'open')).toThrow(/declares no access rule/);
  });

  it('hides internals of unexpected errors behind a request id', async () => {
    const app = Fastify({ logger: false });
    const { installErrorHandler } = await import('./core/http/error-handler.ts');
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('relation "sys_secret" does not exist at SELECT * FROM ...');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('sys_secret');
    expect(res.json().msg).toMatch(/^服务器内部错误，请稍后重试（编号 req-/);
  });
});
