import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal, type Principal } from '../../core/access/principal.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, addStudent, addTeacher, schoolWithClasses, teachingTenant } from './academic.fixtures.ts';
import { assertAssignable, classScope } from './class-scope.ts';

let t: TestApp;
let admin: string;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
const T = '510001';
const token: Record<string, string> = {};
const ids: Record<string, string> = {};

async function principal(tok: string): Promise<Principal> {
  return (await loadPrincipal(t.db, (await t.tokens.verify(tok))!))!;
}

const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  for (const [name, rela] of [
    ['byClass', [org.class1]],
    ['byGrade', [org.grade]],
    ['bySchool', [org.schoolId]],
    ['head', []],
  ] as const) {
    ids[name] = await addTeacher(t, admin, `t_${name}`);
    await api.call('PUT', `teacher/relas/${ids[name]}`, { payload: { teacherId: ids[name], selectedRelas: rela } });
    token[name] = (await t.login(`t_${name}`, '123456', T)).access_token;
  }
  await api.call('POST', 'clazz/submit', { payload: { id: org.class3, headTeacherId: ids.head } });
  ids.s1 = await addStudent(t, admin, org.class1, 'S001', '一班学生');
  ids.s2 = await addStudent(t, admin, org.class2, 'S002', '二班学生');
  token.s1 = (await t.login('S001', '123456', T)).access_token;
  token.s2 = (await t.login('S002', '123456', T)).access_token;
});
afterAll(() => t.close());

describe('classScope', () => {
  it('gives administrators every class, teachers their related classes, students their own', async () => {
    expect(await classScope(t.db, await principal(admin))).toEqual({ kind: 'all' });
    const expected = {
      byClass: [org.class1],
      byGrade: [org.class1, org.class2],
      bySchool: [org.class1, org.class2, org.class3],
      head: [org.class3],
    };
    for (const [name, classIds] of Object.entries(expected)) {
      const scope = await classScope(t.db, await principal(token[name]!));
      expect(scope.kind, name).toBe('teacher');
      expect(sorted((scope as { classIds: string[] }).classIds), name).toEqual(sorted(classIds));
    }
    expect(await classScope(t.db, await principal(token.s1!))).toEqual({
      kind: 'student',
      studentId: ids.s1,
      classIds: [org.class1],
    });
  });

  it('lets teachers assign only to their classes, and students to none', async () => {
    const teacher = await classScope(t.db, await principal(token.byClass!));
    expect(() => assertAssignable(teacher, [org.class1])).not.toThrow();
    expect(() => assertAssignable(teacher, [org.class1, org.class2])).toThrow();
    const student = await classScope(t.db, await principal(token.s1!));
    expect(() => assertAssignable(student, [org.class1])).toThrow();
  });
});

describe('a teacher related to class 1', () => {
  const as = () => academicApi(t, token.byClass!);

  it('lists only the students of class 1, and finds nothing when filtering by class 2', async () => {
    const page = await as().call('GET', 'student/page', { query: { size: '200' } });
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([ids.s1]);
    const other = await as().call('GET', 'student/page', { query: { classId: org.class2 } });
    expect(other.records).toEqual([]);
  });

  it("gets 404 for class 2's student and class 2 itself by id", async () => {
    expect((await as().raw('GET', 'student/detail', { query: { id: ids.s2! } })).statusCode).toBe(404);
    expect((await as().raw('GET', 'student/classes', { query: { id: ids.s2! } })).statusCode).toBe(404);
    expect((await as().raw('GET', 'clazz/detail', { query: { id: org.class2 } })).statusCode).toBe(404);
    expect((await as().raw('GET', 'student/detail', { query: { id: ids.s1! } })).statusCode).toBe(200);
  });

  it('sees class 1 and its grade in the class list and trees, nothing else', async () => {
    const page = await as().call('GET', 'clazz/page', { query: { size: '200' } });
    expect(sorted(page.records.map((r: { id: string }) => r.id))).toEqual(sorted([org.grade, org.class1]));
    const [school] = await as().call('GET', 'clazz/grades/classes/0');
    expect(school.children.map((g: { id: string }) => g.id)).toEqual([org.grade]);
    expect(school.children[0].children.map((c: { id: string }) => c.id)).toEqual([org.class1]);
    expect(await as().call('GET', `clazz/grades/classes/${org.schoolId}/${org.grade}`)).toHaveLength(1);
    expect((await as().raw('GET', `clazz/grades/classes/${org.schoolId}/${org.grade2}`)).statusCode).toBe(404);
    expect((await as().call('GET', 'clazz/grades')).map((g: { id: string }) => g.id)).toEqual([org.grade]);
  });

  it('exports a roster of class 1 only', async () => {
    const numbers = async (query: Record<string, string>) => {
      const res = await as().raw('GET', 'student/export', { query });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const column = wb.worksheets[0]!.getColumn(1).values.slice(2);
      return column.map(String);
    };
    expect(await numbers({})).toEqual(['S001']);
    expect(await numbers({ classId: org.class2 })).toEqual([]);
  });

  it('may not manage classes, students or teachers', async () => {
    expect((await as().raw('POST', 'clazz/submit', { payload: { id: org.class1, name: 'x' } })).statusCode).toBe(403);
    expect((await as().raw('POST', 'student/remove', { query: { ids: ids.s1! } })).statusCode).toBe(403);
    expect((await as().raw('GET', 'teacher/page')).statusCode).toBe(403);
  });
});

describe('a student', () => {
  it('sees their own class and record, and no roster', async () => {
    const mine = await academicApi(t, token.s1!).call('GET', 'student/mine');
    expect(mine.student.id).toBe(ids.s1);
    expect(mine.student.className).toBe('1班');
    expect(mine.teacherNames).toEqual(expect.arrayContaining(['老师']));
    expect((await academicApi(t, token.s1!).raw('GET', 'student/page')).statusCode).toBe(403);
    expect((await academicApi(t, admin).raw('GET', 'student/mine')).statusCode).toBe(404);
  });
});

describe('class QR code', () => {
  async function linkOf(png: Buffer): Promise<string> {
    const image = PNG.sync.read(png);
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code, 'a readable QR code').not.toBeNull();
    return code!.data;
  }

  it('is a PNG whose link lets a signed-in student join the class, keeping their history', async () => {
    const res = await academicApi(t, token.byClass!).raw('POST', 'teacher/qrcode', {
      payload: { classId: org.class1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const link = new URL(await linkOf(res.rawPayload));
    expect(link.pathname).toBe('/bind/class');
    const code = link.searchParams.get('code')!;

    const student = academicApi(t, token.s2!);
    const info = await student.call('GET', 'student/bind-info', { query: { code } });
    expect(info).toMatchObject({ className: '1班', gradeName: '2024级', teacherName: '老师' });
    await student.call('POST', 'student/bind', { payload: { code } });
    expect((await student.call('GET', 'student/mine')).student.classId).toBe(org.class1);
    const stays = await academicApi(t, admin).call('GET', 'student/classes', { query: { id: ids.s2! } });
    expect(stays.map((s: { classId: string }) => s.classId)).toEqual([org.class2, org.class1]);
    expect(stays[0].endTime).not.toBeNull();
    expect(stays[1].endTime).toBeNull();
    // The teacher of class 1 now sees the student who joined.
    const page = await academicApi(t, token.byClass!).call('GET', 'student/page');
    expect(page.total).toBe(2);
  });

  it("refuses a class the teacher does not teach, another teacher's name, forged codes and other tenants", async () => {
    const teacher = academicApi(t, token.byClass!);
    expect((await teacher.raw('POST', 'teacher/qrcode', { payload: { classId: org.class2 } })).statusCode).toBe(404);
    const asOther = { classId: org.class1, teacherId: ids.bySchool };
    expect((await teacher.raw('POST', 'teacher/qrcode', { payload: asOther })).statusCode).toBe(403);
    // An administrator makes one for a teacher of that class, not for one who does not teach it.
    const adminApi = academicApi(t, admin);
    expect((await adminApi.raw('POST', 'teacher/qrcode', { payload: asOther })).statusCode).toBe(200);
    // Naming nobody, the administrator speaks for a teacher of the class.
    expect((await adminApi.raw('POST', 'teacher/qrcode', { payload: { classId: org.class2 } })).statusCode).toBe(200);
    const notTheirs = { classId: org.class3, teacherId: ids.byClass };
    expect((await adminApi.raw('POST', 'teacher/qrcode', { payload: notTheirs })).statusCode).toBe(400);
    // Students cannot make codes.
    expect((await academicApi(t, token.s1!).raw('POST', 'teacher/qrcode', { payload: asOther })).statusCode).toBe(403);

    const student = academicApi(t, token.s1!);
    for (const code of [token.s1!, `${'x'.repeat(30)}`]) {
      const res = await student.raw('POST', 'student/bind', { payload: { code } });
      expect(res.statusCode).toBe(400);
    }
    const foreign = await t.tokens.signLink(
      'class-bind',
      { tenantId: '000000', classId: org.class1, teacherId: ids.byClass! },
      60,
    );
    const res = await student.raw('POST', 'student/bind', { payload: { code: foreign } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('其他学校');
    // A link code is never an access token.
    const link = await t.tokens.signLink(
      'class-bind',
      { tenantId: T, classId: org.class1, teacherId: ids.byClass! },
      60,
    );
    const asToken = await t.app.inject({
      method: 'GET',
      url: '/api/exam/pc/student/mine',
      headers: { 'blade-auth': `bearer ${link}` },
    });
    expect(asToken.statusCode).toBe(401);
  });
});

describe('another tenant', () => {
  it('sees none of these classes and cannot relate its teachers to them', async () => {
    const other = await teachingTenant(t, '510002');
    expect(await academicApi(t, other).call('GET', 'clazz/grades/classes/0')).toEqual([]);
    const teacherId = await addTeacher(t, other, 'foreign');
    const res = await academicApi(t, other).raw('PUT', `teacher/relas/${teacherId}`, {
      payload: { teacherId, selectedRelas: [org.class1] },
    });
    expect(res.statusCode).toBe(400);
    expect((await academicApi(t, other).raw('GET', 'student/detail', { query: { id: ids.s1! } })).statusCode).toBe(404);
  });
});
