import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, png } from '../../test/sample-files.ts';

// A client's malformed request is the client's fault: 400 with a sentence in the caller's language, never a 500.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
});
afterAll(() => t.close());

const ABOVE_INT64 = '9223372036854775808';
const json = { 'content-type': 'application/json' };

function expect400(res: { statusCode: number; json(): { msg: string; code: number } }, text: RegExp) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().code).toBe(400);
  expect(res.json().msg).toMatch(text);
}

describe('bad input', () => {
  it('malformed JSON is a 400 that says so, in Chinese and in English', async () => {
    const send = (lang: string) =>
      t.as(admin, {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        headers: { ...json, 'accept-language': lang },
        payload: '{"paramName": "x",',
      });
    expect400(await send('zh-CN'), /JSON/);
    expect400(await send('zh-CN'), /格式/);
    expect400(await send('en'), /not valid JSON/);
  });

  it('an empty JSON body with a JSON content type is refused as a bad request', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: json,
      payload: '',
    });
    expect([200, 400]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(500);
  });

  it('a truncated multipart upload is a 400 and leaves no attachment behind', async () => {
    const form = await multipart('图.png', png());
    const cut = form.payload.subarray(0, form.payload.length - 60);
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      headers: { ...form.headers, 'accept-language': 'en' },
      payload: cut,
    });
    expect400(res, /upload.*(incomplete|cut off)/i);
    const list = await t.as(admin, { method: 'GET', url: '/api/blade-resource/attach/list' });
    expect(list.json().data.total).toBe(0);
  });

  it('a multipart body without its boundary is a 400', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
  });

  it('an id above the 64-bit range is a 400 naming the id, wherever it is sent', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    expect400(
      await t.as(admin, {
        method: 'GET',
        url: '/api/blade-system/param/detail',
        query: { id: ABOVE_INT64 },
        headers: zh,
      }),
      /编号/,
    );
    expect400(
      await t.as(admin, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: `1,${ABOVE_INT64}` } }),
      /./,
    );
    expect400(
      await t.as(admin, {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        payload: { id: ABOVE_INT64, paramValue: 'x' },
      }),
      /./,
    );
    expect400(
      await t.as(admin, { method: 'GET', url: '/api/blade-system/dept/list', query: { parentId: ABOVE_INT64 } }),
      /./,
    );
    // The largest id there can be is merely unknown.
    expect(
      (
        await t.as(admin, {
          method: 'GET',
          url: '/api/blade-system/param/detail',
          query: { id: '9223372036854775807' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a number too large for its column is a 400, not a database error', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-system/post/submit',
      headers: { 'accept-language': 'en' },
      payload: { category: 1, postCode: 'big', postName: '大数', sort: 99_999_999_999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toMatch(/out of range|integer|sql/i);
  });
});
