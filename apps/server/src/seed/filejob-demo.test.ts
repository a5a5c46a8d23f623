import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedFilejobDemo } from './filejob-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedFilejobDemo(t.db, t.filesDir);
  await seedFilejobDemo(t.db, t.filesDir);
});
afterAll(() => t.close());

describe('the demo file homework', () => {
  it('gives teacher1 阶梯轴零件图 for 2024级1班: six on time, one late with its penalty, two marked; the zip opens', async () => {
    const token = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const get = async (url: string, query: Record<string, string> = {}) => {
      const res = await t.as(token, { method: 'GET', url: `/api/jd/pc/${url}`, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const { records } = await get('filejob_teacher/list');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ title: '阶梯轴零件图', state: 'closed' });
    expect(records[0].progress).toMatchObject({ students: 10, handed: 6, late: 1, missing: 3, marked: 2 });
    const [cls] = await get('filejob_teacher/class_list', { id: records[0].id });
    expect(cls.records.filter((r: { state: string }) => r.state === 'late')).toMatchObject([
      { lateDays: 1, penalty: 10 },
    ]);
    const res = await t.as(token, {
      method: 'GET',
      url: '/api/jd/pc/filejob_teacher/zip',
      query: { id: records[0].id, classId: cls.classId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).filter((n) => !zip.files[n]!.dir)).toHaveLength(7);
  });

  it('lets a student who handed in read their receipt, which matches the stored file', async () => {
    const token = (await t.login('student01', DEMO_STUDENT_PASSWORD)).access_token;
    const mine = await t.as(token, { method: 'GET', url: '/api/jd/pc/filejob_student/mine' });
    expect(mine.statusCode, mine.body).toBe(200);
    const handed = mine.json().data.records.find((r: { handinId: string | null }) => r.handinId);
    expect(handed, 'student01 is among the first seven to hand in').toBeDefined();
    const receipt = await t.as(token, {
      method: 'GET',
      url: '/api/jd/pc/filejob_student/receipt',
      query: { handinId: handed.handinId },
    });
    const file = receipt.json().data.files[0];
    const stored = await t.app.inject({ method: 'GET', url: handed.files[0].link });
    expect(createHash('sha256').update(stored.rawPayload).digest('hex')).toBe(file.sha256);
  });
});
