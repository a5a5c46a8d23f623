import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import {
  clazz,
  flag,
  school,
  schoolyear,
  student,
  studentClass,
  teacher,
  teacherRela,
  term,
  user,
  userRole,
} from '../db/schema/index.ts';

/** Ids of the platform tenant's teaching rows (the 70000 range): its roles and question types, always seeded. */
export const ACADEMIC_SEED = { teacherRole: '70001', studentRole: '70002', firstQuestionType: 70700 } as const;

/** Demo logins (README's table): teacher1, teacher2 with password `teacher`; student01 … student40 with `student`. */
export const DEMO_TEACHER_PASSWORD = 'teacher';
export const DEMO_STUDENT_PASSWORD = 'student';

/**
 * argon2id(md5(password)) of the two demo passwords, computed once and kept here: hashing costs ~0.1 s (much more on
 * a busy machine) and first start must stay fast. academic-demo.test.ts checks they match the passwords above.
 */
export const DEMO_HASHES = {
  teacher: '$argon2id$v=19$m=19456,t=2,p=1$e07LAUoYGAbFiNy9gBO/Cw$KU1tad5YysapY5EjDEpTqFOKlC7HGi+j1fVjDSUDO+0',
  student: '$argon2id$v=19$m=19456,t=2,p=1$6HS4SUi25ieLwq7rlt5DNw$G5q0DN0a4nFMu61vdnOrZFpih7EB00fd8p5PGIZc/lc',
} as const;
export const DEMO_STUDENTS = 40;

const T = PLATFORM_TENANT_ID;
const pad = (n: number) => String(n).padStart(2, '0');

/** The school year under way today (1 September to 31 August) and its two terms. */
function calendar(now: Date) {
  const y = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
  return {
    year: { name: `${y}-${y + 1}学年`, startDate: `${y}-09-01`, endDate: `${y + 1}-08-31` },
    terms: [
      { name: `${y}-${y + 1}学年第一学期`, startDate: `${y}-09-01`, endDate: `${y + 1}-01-31` },
      { name: `${y}-${y + 1}学年第二学期`, startDate: `${y + 1}-02-01`, endDate: `${y + 1}-08-31` },
    ],
  };
}

/**
 * The embedded demo's school in the platform tenant: a current school year and term, two grades of two classes,
 * two teachers and forty students (ten per class). Seeded once; edits made later are kept. The accounts share two
 * precomputed password hashes, so first start hashes nothing.
 */
export async function seedAcademicDemo(db: Db, now = new Date()): Promise<void> {
  const [done] = await db.select({ id: school.id }).from(school).where(eq(school.id, '70100'));
  if (done) return;
  const { year, terms } = calendar(now);
  const today = now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx.insert(school).values({
      id: '70100',
      tenantId: T,
      name: '实训示范学校',
      code: 'demo',
      regionCode: '330106',
      address: '杭州市西湖区文三路 100 号',
      linkman: '教务处',
      phone: '0571-88880000',
    });
    await tx.insert(schoolyear).values({ id: '70110', tenantId: T, schoolId: '70100', ...year });
    await tx.insert(term).values(
      terms.map((t, i) => ({
        id: String(70120 + i),
        tenantId: T,
        schoolId: '70100',
        schoolyearId: '70110',
        ...t,
        isCurrent: t.startDate <= today && today <= t.endDate ? 1 : 0,
      })),
    );
    const grades = [
      { id: '70130', name: '2024级', enrolmentYear: 2024 },
      { id: '70131', name: '2025级', enrolmentYear: 2025 },
    ];
    await tx
      .insert(clazz)
      .values(
        grades.map((g, i) => ({ id: g.id, tenantId: T, schoolId: '70100', category: 1, name: g.name, sort: i + 1 })),
      );
    // 70140 2024级/1班, 70141 2024级/2班, 70142 2025级/1班, 70143 2025级/2班.
    const classes = grades.flatMap((g, gi) =>
      [1, 2].map((n) => ({
        id: String(70140 + gi * 2 + n - 1),
        tenantId: T,
        schoolId: '70100',
        parentId: g.id,
        category: 2,
        name: `${n}班`,
        enrolmentYear: g.enrolmentYear,
        sort: n,
      })),
    );

    const people = [
      { userId: '70200', teacherId: '70210', account: 'teacher1', realName: '王老师', sex: 2, teacherNo: 'T001' },
      { userId: '70201', teacherId: '70211', account: 'teacher2', realName: '李老师', sex: 1, teacherNo: 'T002' },
    ];
    await tx.insert(user).values(
      people.map((p) => ({
        id: p.userId,
        tenantId: T,
        account: p.account,
        passwordHash: DEMO_HASHES.teacher,
        name: p.realName,
        realName: p.realName,
        sex: p.sex,
      })),
    );
    await tx.insert(userRole).values(people.map((p) => ({ userId: p.userId, roleId: ACADEMIC_SEED.teacherRole })));
    await tx.insert(teacher).values(
      people.map((p) => ({
        id: p.teacherId,
        tenantId: T,
        userId: p.userId,
        teacherNo: p.teacherNo,
        jobTitle: '讲师',
      })),
    );
    // teacher1 teaches all of 2024级 and heads its 1班; teacher2 teaches 2025级/1班.
    // Two directions (专业方向): 2024级 studies 机电一体化技术, 2025级 数控技术.
    await tx.insert(flag).values([
      { id: '70710', tenantId: T, kind: 'direction', name: '机电一体化技术', enName: 'Mechatronics', sort: 1 },
      { id: '70711', tenantId: T, kind: 'direction', name: '数控技术', enName: 'CNC technology', sort: 2 },
    ]);
    await tx.insert(clazz).values(
      classes.map((c) => ({
        ...c,
        directionId: c.parentId === '70130' ? '70710' : '70711',
        headTeacherId: c.id === '70140' ? '70210' : null,
      })),
    );
    await tx.insert(teacherRela).values([
      { id: '70220', tenantId: T, teacherId: '70210', relaType: 2, relaId: '70130', schoolId: '70100' },
      { id: '70221', tenantId: T, teacherId: '70211', relaType: 3, relaId: '70142', schoolId: '70100' },
    ]);

    const students = Array.from({ length: DEMO_STUDENTS }, (_, i) => {
      const n = i + 1;
      const cls = classes[Math.floor(i / 10)]!;
      return {
        n,
        userId: String(70300 + n),
        studentId: String(70400 + n),
        classId: cls.id,
        studentNo: `${cls.enrolmentYear}${pad((Math.floor(i / 10) % 2) + 1)}${pad((i % 10) + 1)}`,
      };
    });
    await tx.insert(user).values(
      students.map((s) => ({
        id: s.userId,
        tenantId: T,
        account: `student${pad(s.n)}`,
        passwordHash: DEMO_HASHES.student,
        name: `学生${pad(s.n)}`,
        realName: `学生${pad(s.n)}`,
        sex: s.n % 2 ? 1 : 2,
      })),
    );
    await tx.insert(userRole).values(students.map((s) => ({ userId: s.userId, roleId: ACADEMIC_SEED.studentRole })));
    await tx.insert(student).values(
      students.map((s) => ({
        id: s.studentId,
        tenantId: T,
        userId: s.userId,
        schoolId: '70100',
        classId: s.classId,
        studentNo: s.studentNo,
      })),
    );
    await tx
      .insert(studentClass)
      .values(
        students.map((s) => ({ id: String(70500 + s.n), tenantId: T, studentId: s.studentId, classId: s.classId })),
      );
  });
}
