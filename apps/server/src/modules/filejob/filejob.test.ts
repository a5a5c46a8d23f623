import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { filejobCalls, filejobSchool } from './filejob.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof filejobSchool>>;
const { call, data, refused, job } = filejobCalls(() => t);

beforeAll(async () => {
  t = await startTestApp();
  s = await filejobSchool(t, '592001', '592002');
});
afterAll(() => t.close());

describe('file jobs (filejob)', () => {
  it('a teacher writes a job: defaults for every rule, requirements sanitised, kinds kept once', async () => {
    const id = await job(s.wang, {
      requirements: '<p>按图绘制</p><script>alert(1)</script>',
      allowedKinds: ['pdf', 'pdf', 'png'],
      attachments: [{ name: '模板.docx', link: '/files/592001/20260101/abcdefghijklmnopqrstuvwx.docx' }],
    });
    const row = await data(await call(s.wang, 'GET', 'filejob/detail', { query: { id } }));
    expect(row).toMatchObject({
      title: '零件图',
      allowedKinds: ['pdf', 'png'],
      maxSizeMb: 50,
      maxFiles: 5,
      score: 100,
      latePolicy: 'mark',
      access: 'own',
      ownerName: '王老师',
    });
    expect(row.requirements).toContain('按图绘制');
    expect(row.requirements).not.toContain('script');
  });

  it('refuses bad input with a message in the caller’s language', async () => {
    const bad = (payload: object, lang: string) => call(s.wang, 'POST', 'filejob/submit', { payload, lang });
    await refused(await bad({ title: '' }, 'zh'), 400, '请输入文件作业名称');
    await refused(await bad({ title: '' }, 'en'), 400, 'Enter the file job’s title');
    await refused(await bad({ title: 'x', latePolicy: 'never' }, 'en'), 400);
    const kinds = await bad({ title: 'x', allowedKinds: ['exe'] }, 'zh');
    expect(kinds.statusCode).toBe(400);
    expect(kinds.json().msg).toContain('允许的文件类型应从列表中选择');
    const size = await bad({ title: 'x', maxSizeMb: 5000 }, 'en');
    expect(size.json().msg).toContain('The size limit per file must be a whole number of MB from 1 to 2048');
    const penalty = await bad({ title: 'x', penaltyPercent: 101 }, 'zh');
    expect(penalty.statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 without the code (a student cannot write jobs)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/jd/pc/filejob/list' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/jd/pc/filejob/quote', payload: { id: '1' } })).statusCode,
    ).toBe(401);
    await refused(await call(s.s1, 'POST', 'filejob/submit', { payload: { title: 'x' } }), 403);
    await refused(await call(s.s1, 'GET', 'filejob/publicLib_pages'), 403);
    await refused(await call(s.s1, 'POST', 'filejob/quote', { payload: { id: '1' } }), 403);
  });

  it('is private until shared or published; the public library lists published ones; quote copies as one’s own', async () => {
    const id = await job(s.wang, { title: '电路图', maxFiles: 2 });
    await refused(await call(s.li, 'GET', 'filejob/detail', { query: { id } }), 404);
    // Quoting a job one cannot read answers like a job that does not exist.
    const hidden = await call(s.li, 'POST', 'filejob/quote', { payload: { id } });
    const unknown = await call(s.li, 'POST', 'filejob/quote', { payload: { id: '1234567890123456789' } });
    expect(hidden.statusCode).toBe(unknown.statusCode);
    expect(hidden.json()).toEqual(unknown.json());

    await data(await call(s.wang, 'POST', 'filejob/submit', { payload: { id, isPublic: 1 } }));
    const lib = await data(await call(s.li, 'GET', 'filejob/publicLib_pages', { query: { size: '100' } }));
    expect(lib.records.map((r: { id: string }) => r.id)).toContain(id);
    expect(lib.records.find((r: { id: string }) => r.id === id).access).toBe('public');
    // Read, not write: 李老师 may not change it, nor unpublish it.
    await refused(
      await call(s.li, 'POST', 'filejob/submit', { payload: { id, title: '改名' } }),
      403,
      '这是其他教师的文件作业，您只能查看或引用',
    );
    const quoted = await call(s.li, 'POST', 'filejob/quote', { payload: { id }, lang: 'en' });
    const copy = await data(quoted);
    expect(quoted.json().msg).toBe('Quoted as your own file job “电路图”');
    expect(copy).toMatchObject({ title: '电路图', maxFiles: 2, isPublic: 0, sourceId: id, access: 'own' });
    await refused(await call(s.li, 'POST', 'filejob/quote', { payload: { id: 'abc' } }), 400);
  });

  it('is shared with a school to read (filejob_permission); only the owner shares or deletes', async () => {
    const id = await job(s.wang, { title: '共享作业' });
    const schools = await data(await t.as(s.admin, { method: 'GET', url: '/api/exam/pc/school/list' }));
    const share = { jobId: id, granteeType: 'school', granteeId: schools.records[0].id, access: 'read' };
    await refused(await call(s.li, 'POST', 'filejob_permission/submit', { payload: share }), 400);
    await data(await call(s.wang, 'POST', 'filejob_permission/submit', { payload: share }));
    await refused(await call(s.li, 'POST', 'filejob/remove', { query: { ids: id } }), 404);
  });

  it('keeps another tenant’s jobs exactly like jobs that do not exist', async () => {
    const id = await job(s.wang, { title: '本校作业', isPublic: 1 });
    const other = await call(s.zhao, 'GET', 'filejob/detail', { query: { id } });
    const unknown = await call(s.zhao, 'GET', 'filejob/detail', { query: { id: '1234567890123456789' } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    const lib = await data(await call(s.zhao, 'GET', 'filejob/publicLib_pages', { query: { size: '100' } }));
    expect(lib.records.some((r: { id: string }) => r.id === id)).toBe(false);
    const quote = await call(s.zhao, 'POST', 'filejob/quote', { payload: { id } });
    const quoteUnknown = await call(s.zhao, 'POST', 'filejob/quote', { payload: { id: '1234567890123456789' } });
    expect(quote.json()).toEqual(quoteUnknown.json());
  });
});
