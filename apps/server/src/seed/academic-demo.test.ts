import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../core/auth/md5.ts';
import { verifyPassword } from '../core/auth/passwords.ts';
import { academicApi } from '../modules/academic/academic.fixtures.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_HASHES, DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db, new Date('2026-11-24T08:00:00Z'));
  // Seeding again changes nothing.
  await seedAcademicDemo(t.db);
});
afterAll(() => t.close());

describe('the demo school', () => {
  it('keeps precomputed hashes of exactly the documented demo passwords', async () => {
    expect(await verifyPassword(DEMO_HASHES.teacher, md5(DEMO_TEACHER_PASSWORD))).toBe(true);
    expect(await verifyPassword(DEMO_HASHES.student, md5(DEMO_STUDENT_PASSWORD))).toBe(true);
    expect(await verifyPassword(DEMO_HASHES.student, md5(DEMO_TEACHER_PASSWORD))).toBe(false);
  });

  it('has a current school year and term, two grades of two classes, and 40 students', async () => {
    const admin = academicApi(t, (await t.login('admin', 'admin')).access_token);
    const [year] = await admin.call('GET', 'schoolyear/all');
    expect(year).toMatchObject({ name: '2026-2027学年', startDate: '2026-09-01', endDate: '2027-08-31' });
    const terms = await admin.call('GET', 'term/all');
    expect(terms.map((x: { name: string; isCurrent: number }) => [x.name, x.isCurrent])).toEqual([
      ['2026-2027学年第一学期', 1],
      ['2026-2027学年第二学期', 0],
    ]);
    const [school] = await admin.call('GET', 'clazz/grades/classes/0');
    expect(school.children.map((g: { title: string; children: unknown[] }) => [g.title, g.children.length])).toEqual([
      ['2024级', 2],
      ['2025级', 2],
    ]);
    expect((await admin.call('GET', 'student/page')).total).toBe(40);
  });

  it('signs in teacher1 (all of 2024级) and teacher2 (2025级/1班), each seeing their students only', async () => {
    const teacher1 = academicApi(t, (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token);
    expect((await teacher1.call('GET', 'student/page')).total).toBe(20);
    const teacher2 = academicApi(t, (await t.login('teacher2', DEMO_TEACHER_PASSWORD)).access_token);
    const page = await teacher2.call('GET', 'student/page', { query: { size: '50' } });
    expect(page.total).toBe(10);
    expect(
      new Set(page.records.map((r: { className: string; gradeName: string }) => `${r.gradeName}/${r.className}`)),
    ).toEqual(new Set(['2025级/1班']));
  });

  it('signs in student01 … student40 with their own class', async () => {
    const first = academicApi(t, (await t.login('student01', DEMO_STUDENT_PASSWORD)).access_token);
    expect((await first.call('GET', 'student/mine')).student).toMatchObject({ className: '1班', gradeName: '2024级' });
    const last = academicApi(t, (await t.login('student40', DEMO_STUDENT_PASSWORD)).access_token);
    const mine = await last.call('GET', 'student/mine');
    expect(mine.student).toMatchObject({ className: '2班', gradeName: '2025级', studentNo: '20250210' });
    expect(mine.termName).toBe('2026-2027学年第一学期');
  });
});
