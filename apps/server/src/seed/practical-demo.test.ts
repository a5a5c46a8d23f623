import { type InspectionSpec, inspectionProblems } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedPracticalAssignmentDemo, seedPracticalDemo } from './practical-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedPracticalDemo(t.db);
  await seedPracticalDemo(t.db);
  await seedPracticalAssignmentDemo(t.db);
  await seedPracticalAssignmentDemo(t.db);
});
afterAll(() => t.close());

describe('the demo practical task', () => {
  it('gives teacher1 阶梯轴车削加工: three points (one critical), eight items whose tolerances all read', async () => {
    const token = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const get = async (url: string, query: Record<string, string>) => {
      const res = await t.as(token, { method: 'GET', url: `/api/jd/pc/${url}`, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.records;
    };
    const [task] = await get('practical_paper/list', {});
    expect(task).toMatchObject({ title: '阶梯轴车削加工', totalScore: 100, pointCount: 3, access: 'own' });
    const points = await get('practical_point/list', { paperId: task.id });
    expect(points.map((p: { name: string; critical: number }) => [p.name, p.critical])).toEqual([
      ['外圆与长度尺寸', 0],
      ['表面质量与形状', 0],
      ['安全文明生产', 1],
    ]);
    const items: (InspectionSpec & { name: string })[] = await get('practical_inspection/list', {
      paperId: task.id,
      size: '50',
    });
    expect(items).toHaveLength(8);
    for (const item of items) expect(inspectionProblems(item), item.name).toEqual([]);
  });

  it('is given to 2024级1班, partly recorded and signed, with results to look at', async () => {
    const token = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const get = async (url: string, query: Record<string, string> = {}) => {
      const res = await t.as(token, { method: 'GET', url: `/api/jd/pc/${url}`, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const { records } = await get('practical_teacher/list');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ title: '阶梯轴车削加工', recorder: 'both', state: 'open' });
    expect(records[0].progress).toEqual({ students: 10, started: 9, submitted: 8, marked: 4 });
    const results = await get(`practical_teacher/results/${records[0].id}`);
    expect(results.summary.handedIn).toBe(8);
    expect(results.summary.criticalFailed).toBe(1);
    const shaft = results.items.find((i: { name: string }) => i.name === 'Ø25 外圆');
    expect(shaft.values).toHaveLength(8);
    expect(shaft.bins.length).toBeGreaterThan(1);
    expect(shaft.capability.cpk).not.toBeNull();
    // Recorded in yesterday's lesson, signed after it — not at the instant the demo was seeded.
    const attempts: { startTime: string | null; submitTime: string | null; teacherSignTime: string | null }[] = (
      await get('practical_student/list', { practicalTeacherId: records[0].id, size: '50' })
    ).records;
    const ago = (time: string | null) => (time ? Date.now() - Date.parse(time) : null);
    const handedIn = attempts.filter((a) => a.submitTime);
    expect(handedIn).toHaveLength(8);
    for (const a of handedIn) {
      expect(ago(a.submitTime)).toBeGreaterThan(12 * 3_600_000);
      expect(Date.parse(a.submitTime!)).toBeGreaterThan(Date.parse(a.startTime!) + 60 * 60_000);
      if (a.teacherSignTime) expect(Date.parse(a.teacherSignTime)).toBeGreaterThan(Date.parse(a.submitTime!));
    }
    expect(new Set(handedIn.map((a) => a.submitTime)).size).toBe(8);
  });
});
