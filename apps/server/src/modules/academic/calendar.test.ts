import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, teachingTenant } from './academic.fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof academicApi>;
let schoolId: string;
let otherSchool: string;

beforeAll(async () => {
  t = await startTestApp();
  api = academicApi(t, await teachingTenant(t, '520001'));
  schoolId = await api.submit('school', { name: '一中', code: 'yz' });
  otherSchool = await api.submit('school', { name: '二中', code: 'ez' });
});
afterAll(() => t.close());

const year = (school: string, y: number, extra: object = {}) => ({
  schoolId: school,
  name: `${y}-${y + 1}学年`,
  startDate: `${y}-09-01`,
  endDate: `${y + 1}-08-31`,
  ...extra,
});

describe('school years', () => {
  it('never overlap within a school, and the refusal names the year in the way', async () => {
    await api.submit('schoolyear', year(schoolId, 2024));
    const clash = await api.raw('POST', 'schoolyear/submit', {
      payload: year(schoolId, 2025, { startDate: '2025-08-01' }),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().msg).toBe('与学年《2024-2025学年》（2024-09-01 至 2025-08-31）的日期重叠');
    // The next year starting the day after is fine, and so is the same range in another school.
    await api.submit('schoolyear', year(schoolId, 2025));
    await api.submit('schoolyear', year(otherSchool, 2024));
  });

  it('refuses an end before the start, a school of another tenant and moving to another school', async () => {
    const bad = await api.raw('POST', 'schoolyear/submit', {
      payload: year(schoolId, 2030, { endDate: '2030-01-01' }),
    });
    expect(bad.json().msg).toBe('结束日期不能早于开始日期');
    const foreign = await academicApi(t, await teachingTenant(t, '520002')).raw('POST', 'schoolyear/submit', {
      payload: year(schoolId, 2031),
    });
    expect(foreign.json().msg).toBe('所选学校不存在');
    const id = await api.submit('schoolyear', year(schoolId, 2032));
    const moved = await api.raw('POST', 'schoolyear/submit', { payload: { id, schoolId: otherSchool } });
    expect(moved.statusCode).toBe(400);
  });

  it('are listed by `all`, oldest first or latest first, per school', async () => {
    const asc = await api.call('GET', 'schoolyear/all', { query: { schoolId, isAsc: 'true' } });
    expect(asc.map((y: { name: string }) => y.name)).toEqual(['2024-2025学年', '2025-2026学年', '2032-2033学年']);
    const desc = await api.call('GET', 'schoolyear/all', { query: { schoolId, isAsc: 'false' } });
    expect(desc[0].name).toBe('2032-2033学年');
    expect(desc[0].schoolName).toBe('一中');
  });
});

describe('terms', () => {
  let yearId: string;
  const term = (name: string, startDate: string, endDate: string, extra: object = {}) => ({
    schoolyearId: yearId,
    name,
    startDate,
    endDate,
    ...extra,
  });

  beforeAll(async () => {
    yearId = await api.submit('schoolyear', year(schoolId, 2040));
  });

  it('lie within their year, never overlap, and the first is current', async () => {
    const first = await api.call('POST', 'term/submit', { payload: term('第一学期', '2040-09-01', '2041-01-31') });
    expect(first).toMatchObject({ isCurrent: 1, schoolId, schoolyearName: '2040-2041学年' });
    const outside = await api.raw('POST', 'term/submit', { payload: term('越界', '2041-02-01', '2041-09-30') });
    expect(outside.json().msg).toContain('学期日期须在学年《2040-2041学年》');
    const overlap = await api.raw('POST', 'term/submit', { payload: term('重叠', '2041-01-15', '2041-06-30') });
    expect(overlap.json().msg).toBe('与学期《第一学期》（2040-09-01 至 2041-01-31）的日期重叠');
    const second = await api.call('POST', 'term/submit', { payload: term('第二学期', '2041-02-01', '2041-07-15') });
    expect(second.isCurrent).toBe(0);
  });

  it('have exactly one current per school: setting one clears the other; the current cannot simply be unset', async () => {
    const page = await api.call('GET', 'term/page', { query: { schoolyearId: yearId, ascs: 'startDate' } });
    const [first, second] = page.records as { id: string; isCurrent: number }[];
    await api.call('POST', 'term/submit', { payload: { id: second!.id, isCurrent: 1 } });
    const after = await api.call('GET', 'term/all', { query: { schoolId } });
    expect(after.map((x: { isCurrent: number }) => x.isCurrent)).toEqual([0, 1]);
    const unset = await api.raw('POST', 'term/submit', { payload: { id: second!.id, isCurrent: 0 } });
    expect(unset.statusCode).toBe(400);
    // Removing the current term makes another current.
    await api.call('POST', 'term/remove', { query: { ids: second!.id } });
    expect((await api.call('GET', 'term/detail', { query: { id: first!.id } })).isCurrent).toBe(1);
  });

  it('keep their year and school from removal while they exist, and a shrinking year may not leave them outside', async () => {
    const shrink = await api.raw('POST', 'schoolyear/submit', { payload: { id: yearId, endDate: '2040-12-31' } });
    expect(shrink.statusCode).toBe(400);
    const removeYear = await api.raw('POST', 'schoolyear/remove', { query: { ids: yearId } });
    expect(removeYear.json().msg).toBe('学年下还有学期，不能删除');
    const removeSchool = await api.raw('POST', 'school/remove', { query: { ids: schoolId } });
    expect(removeSchool.json().msg).toBe('学校下还有学年，不能删除');
  });
});

describe('schools', () => {
  it('show their region by name, refuse an unknown region and a taken code', async () => {
    const id = await api.submit('school', { name: '三中', code: 'sz', regionCode: '330106' });
    expect((await api.call('GET', 'school/detail', { query: { id } })).regionName).toBe('浙江省 杭州市 西湖区');
    const unknown = await api.raw('POST', 'school/submit', {
      payload: { name: 'x', code: 'x1', regionCode: '999999' },
    });
    expect(unknown.json().msg).toBe('所选行政区划不存在');
    const taken = await api.raw('POST', 'school/submit', { payload: { name: 'x', code: 'sz' } });
    expect(taken.json().msg).toBe('学校编号已存在');
  });
});
