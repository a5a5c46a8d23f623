import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param, student, teacher, user } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/sample-files.ts';
import { academicApi, schoolWithClasses, teachingTenant } from './academic.fixtures.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof academicApi>;
const T = '540001';
const STUDENT_HEADER = ['学号', '姓名', '性别', '手机号码', '账号', '班级'];
const TEACHER_HEADER = ['账号', '姓名', '性别', '手机号码', '邮箱', '工号', '职称'];

async function sheet(header: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学生');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(path: string, file: Buffer, query: Record<string, string> = {}) {
  const form = await multipart('名单.xlsx', file);
  return t.as(admin, { method: 'POST', url: `/api/exam/pc/${path}`, query, ...form });
}

async function students(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(student)
    .where(and(eq(student.tenantId, T), eq(student.isDeleted, 0)));
  return row?.n ?? 0;
}

let org: Awaited<ReturnType<typeof schoolWithClasses>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  api = academicApi(t, admin);
  org = await schoolWithClasses(t, admin);
  // A known initial password: one hash for the whole import, as a school would configure it.
  await t.db
    .insert(param)
    .values({ id: '540100', paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'init-pw-123' });
});
afterAll(() => t.close());

describe('student import', () => {
  it('offers a template whose header the import reads back', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/exam/pc/student/export-template' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(STUDENT_HEADER);
    expect(res.headers['content-disposition']).toContain('student-import-template.xlsx');
  });

  it('imports 200 students in one go, each with an account that signs in', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [
      `2024${String(i + 1).padStart(3, '0')}`,
      `学生${i + 1}`,
      i % 2 ? '女' : '男',
      '',
      '',
      i < 100 ? '2024级/1班' : '2024级/2班',
    ]);
    const res = await upload('student/import', await sheet(STUDENT_HEADER, rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ inserted: 200, updated: 0, passwords: [] });
    expect(await students()).toBe(200);
    expect((await api.call('GET', 'student/page', { query: { classId: org.class2 } })).total).toBe(100);
    expect((await t.login('2024200', 'init-pw-123', T)).access_token).toBeTruthy();
    const stays = await api.call('GET', 'student/page', { query: { studentNo: '2024001' } });
    expect(stays.records[0]).toMatchObject({ realName: '学生1', sex: 1, className: '1班' });
  });

  it('reports a duplicate student number, in the file or already taken, and imports nothing', async () => {
    const rows = [
      ['2025001', '甲', '男', '', '', '2025级/1班'],
      ['2025002', '乙', '女', '', '', '2025级/1班'],
      ['2025001', '丙', '男', '', '', '2025级/1班'],
      ['2024001', '丁', '男', '', 'ding', '2024级/1班'],
    ];
    const res = await upload('student/import', await sheet(STUDENT_HEADER, rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('2');
    expect(res.json().data).toEqual([
      { row: 4, field: 'studentNo', message: '学号与第 2 行重复' },
      { row: 5, field: 'studentNo', message: '学号已存在' },
    ]);
    expect(await students()).toBe(200);
  });

  it('reports every bad row: missing name, bad sex, phone, unknown or ambiguous class, taken account', async () => {
    const rows = [
      ['2026001', '', '男', '', '', '2025级/1班'],
      ['2026002', '甲', '不知道', '123', '', '2025级/1班'],
      ['2026003', '乙', '', '', '', '2030级/9班'],
      ['2026004', '丙', '', '', '', '1班'],
      ['2026005', '丁', '', '', 'admin', '2025级/1班'],
      ['bad no', '戊', '', '', '', ''],
    ];
    const res = await upload('student/import', await sheet(STUDENT_HEADER, rows), {});
    expect(res.statusCode).toBe(400);
    const issues = res.json().data as { row: number; field: string }[];
    expect(issues.map((i) => `${i.row}:${i.field}`).sort()).toEqual([
      '2:realName',
      '3:phone',
      '3:sex',
      '4:className',
      '5:className',
      '6:account',
      '7:className',
      '7:studentNo',
    ]);
    expect(await students()).toBe(200);
  });

  it('puts rows without a class into the class chosen on the page, and refuses what is not an xlsx', async () => {
    const rows = [['2027001', '甲', '', '', '', '']];
    const res = await upload('student/import', await sheet(STUDENT_HEADER, rows), { classId: org.class3 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.call('GET', 'student/page', { query: { classId: org.class3 } })).total).toBe(1);
    const notXlsx = await upload('student/import', Buffer.from('studentNo,name\n1,a'));
    expect(notXlsx.json().msg).toBe('请上传 .xlsx 格式的 Excel 文件');
  });

  it('exports the roster the page lists', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: '/api/exam/pc/student/export',
      query: { classId: org.class3 },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual([...STUDENT_HEADER, '状态']);
    expect((ws.getRow(2).values as string[]).slice(1)).toEqual([
      '2027001',
      '甲',
      '未知',
      '',
      '2027001',
      '2025级/1班',
      '启用',
    ]);
  });

  it('needs its permissions', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/exam/pc/student/import' })).statusCode).toBe(401);
    const teacherId = await api.submit('teacher', {
      account: 'imp_t',
      realName: '教',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
    expect(teacherId).toBeTruthy();
    const teacherToken = (await t.login('imp_t', '123456', T)).access_token;
    for (const [method, url] of [
      ['POST', 'student/import'],
      ['GET', 'student/export-template'],
      ['POST', 'teacher/import'],
    ] as const) {
      expect((await t.as(teacherToken, { method, url: `/api/exam/pc/${url}` })).statusCode, url).toBe(403);
    }
  });
});

describe('teacher import', () => {
  it('imports teachers with the teacher role, and refuses duplicate accounts and staff numbers', async () => {
    const bad = await upload(
      'teacher/import',
      await sheet(TEACHER_HEADER, [
        ['wang', '王老师', '女', '', '', 'T01', ''],
        ['wang', '王二', '女', '', '', 'T01', ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.map((i: { field: string }) => i.field)).toEqual(['account', 'teacherNo']);
    const good = await upload(
      'teacher/import',
      await sheet(TEACHER_HEADER, [
        ['wang', '王老师', '女', '13900139000', 'wang@example.com', 'T01', '讲师'],
        ['li', '李老师', '男', '', '', '', ''],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    const [n] = await t.db.select({ n: count() }).from(teacher).where(eq(teacher.tenantId, T));
    // The two imported, beside the one the permissions test added.
    expect(n?.n).toBe(3);
    const page = await api.call('GET', 'teacher/page', { query: { realName: '王' } });
    expect(page.records[0]).toMatchObject({
      account: 'wang',
      teacherNo: 'T01',
      jobTitle: '讲师',
      phone: '13900139000',
    });
    const [account] = await t.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, T), eq(user.account, 'li')));
    expect(account).toBeTruthy();
  });
});
