import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWeb } from './web.ts';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>实训</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'logo.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  app = Fastify();
  await installWeb(app, dist);
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/system/param', '/wel/index?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('实训');
    }
    // A monitor's HEAD gets the same answer without the body.
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const svg = await app.inject({ method: 'GET', url: '/logo.svg' });
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('serves the precompressed file to browsers that accept it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s and does not serve index.html for them', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });

  it('does not let a path climb out of the dist folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
