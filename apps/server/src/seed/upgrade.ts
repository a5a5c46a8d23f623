import {
  PLATFORM_TENANT_ID,
  PLATFORM_TENANT_NAME,
  SEEDED_ROLE_NAMES,
  TENANT_ADMIN_ROLE,
  type TeachingRole,
} from '@shixun/contracts';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../core/db/client.ts';
import { newId } from '../core/db/ids.ts';
import {
  dict,
  flag,
  menu,
  param,
  role,
  roleMenu,
  setting,
  teacher,
  tenant,
  user,
  userRole,
} from '../db/schema/index.ts';
import { QUESTION_TYPES } from '../modules/academic/teaching-roles.ts';
import {
  ASSIGNMENT_ADMIN_PAGES,
  ASSIGNMENT_STUDENT_CODES,
  ASSIGNMENT_TEACHER_CODES,
} from '../modules/assignment/assignment.menus.ts';
import { PAPER_ADMIN_PAGES, PAPER_SHARE_CODES, PAPER_TEACHER_CODES } from '../modules/paper/paper.menus.ts';
import { QUESTION_ADMIN_PAGES, QUESTION_TEACHER_CODES } from '../modules/question/question.menus.ts';
import { seedMenus } from '../modules/registry.ts';
import { seedDictRows } from './dicts.ts';
import { seedParamRows } from './params.ts';

/** A seeded row's key, its Chinese as seeded and its English. */
type Seeded = [key: string, zh: string, en: string];

/**
 * Sets the English of the rows still as seeded — the Chinese unchanged, no English yet — in one statement per
 * column. Rows an administrator renamed keep what they have.
 */
async function fillEnglish(
  db: Db,
  table: PgTable,
  cols: { key: PgColumn; zh: PgColumn; en: PgColumn },
  rows: Seeded[],
) {
  const values = sql.join(
    rows.map(([key, zh, en]) => sql`(${key}, ${zh}, ${en})`),
    sql`, `,
  );
  await db.execute(sql`
    update ${table} set ${sql.identifier(cols.en.name)} = v.en
    from (values ${values}) as v(key, zh, en)
    where ${cols.key}::text = v.key and ${cols.zh} = v.zh and ${cols.en} = ''`);
}

/**
 * Until 用户管理 stopped handing out the teaching roles, an account could be given the teacher role there and never
 * appear in 教师管理, so no class could be related to it: each such live account gets its teacher record.
 */
async function recordTeachersMadeInUserAdmin(db: Db): Promise<void> {
  const alias: TeachingRole = 'teacher';
  const recorded = db
    .select({ id: teacher.id })
    .from(teacher)
    .where(and(eq(teacher.userId, user.id), eq(teacher.isDeleted, 0)));
  const missing = await db
    .selectDistinct({ userId: user.id, tenantId: user.tenantId })
    .from(user)
    .innerJoin(userRole, eq(userRole.userId, user.id))
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.tenantId, user.tenantId), eq(role.roleAlias, alias)))
    .where(and(eq(user.isDeleted, 0), eq(role.isDeleted, 0), notExists(recorded)));
  if (missing.length) await db.insert(teacher).values(missing.map((m) => ({ id: newId(), ...m })));
}

export const SEEDED_ROWS_UPGRADED = 'seed.englishNamesAndTeachingRoles';

/**
 * Installations from before seeded rows carried both languages, 我的班级 was shown to students only and teaching
 * roles came only with 教师管理 / 学生管理: the seed inserts only missing rows, so the rows they have get the
 * English and the roles here, and teachers made in 用户管理 their records — once, at the first start after the
 * upgrade, and only where an administrator has not changed a row (an English cleared later stays clear).
 */
export async function upgradeSeededRows(db: Db): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, SEEDED_ROWS_UPGRADED));
  if (done) return;

  await fillEnglish(
    db,
    menu,
    { key: menu.id, zh: menu.name, en: menu.nameEn },
    seedMenus.map((m) => [m.id, m.name, m.nameEn]),
  );
  for (const m of seedMenus.filter((x) => x.roles)) {
    await db
      .update(menu)
      .set({ roles: m.roles })
      .where(and(eq(menu.id, m.id), sql`cardinality(${menu.roles}) = 0`));
  }

  const params = seedParamRows();
  await fillEnglish(
    db,
    param,
    { key: param.id, zh: param.paramName, en: param.paramNameEn },
    params.map((p) => [p.id, p.paramName, p.paramNameEn]),
  );
  await fillEnglish(
    db,
    param,
    { key: param.id, zh: param.remark, en: param.remarkEn },
    params.map((p) => [p.id, p.remark, p.remarkEn]),
  );

  await fillEnglish(
    db,
    dict,
    { key: dict.id, zh: dict.dictValue, en: dict.dictValueEn },
    seedDictRows().flatMap(({ parent, items }) =>
      [parent, ...items].map((d): Seeded => [d.id, d.dictValue, d.dictValueEn]),
    ),
  );

  // Every tenant's administrator and teaching roles, and the platform's superuser role, are found by alias.
  await fillEnglish(
    db,
    role,
    { key: role.roleAlias, zh: role.roleName, en: role.roleNameEn },
    Object.entries(SEEDED_ROLE_NAMES).map(([alias, names]) => [alias, names.roleName, names.roleNameEn]),
  );

  await fillEnglish(db, tenant, { key: tenant.tenantId, zh: tenant.tenantName, en: tenant.tenantNameEn }, [
    [PLATFORM_TENANT_ID, PLATFORM_TENANT_NAME.tenantName, PLATFORM_TENANT_NAME.tenantNameEn],
  ]);

  await recordTeachersMadeInUserAdmin(db);

  await db.insert(setting).values({ key: SEEDED_ROWS_UPGRADED, value: new Date().toISOString() }).onConflictDoNothing();
}

export const QUESTION_BANK_GRANTED = 'seed.questionBankGranted';
export const PAPERS_GRANTED = 'seed.papersGranted';
export const PAPER_SHARES_GRANTED = 'seed.paperSharesGranted';

/**
 * When a module's menus arrive: each school's teacher role gets them all (its student role the student's), and the
 * administrator role of each school
 * without a product package (with a package, the package decides) the module's group and pages with their buttons
 * (of these menus: buttons added later to a page it had are granted the same way). Once per module (the setting
 * `key`): what an administrator takes away later stays away. False when done before.
 */
async function grantModuleOnce(
  db: Db,
  key: string,
  module: { group: string; teacherCodes: string[]; adminPages: string[]; studentCodes?: string[] },
): Promise<boolean> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, key));
  if (done) return false;
  const menus = await db
    .select({ id: menu.id, code: menu.code, parentId: menu.parentId })
    .from(menu)
    .where(and(inArray(menu.code, module.teacherCodes), eq(menu.isDeleted, 0)));
  const pages = module.adminPages.length
    ? (
        await db
          .select({ id: menu.id })
          .from(menu)
          .where(and(inArray(menu.code, module.adminPages), eq(menu.isDeleted, 0)))
      ).map((m) => m.id)
    : [];
  const adminMenus = menus.filter((m) => m.code === module.group || pages.includes(m.id) || pages.includes(m.parentId));
  const studentMenus = module.studentCodes?.length
    ? await db
        .select({ id: menu.id })
        .from(menu)
        .where(and(inArray(menu.code, module.studentCodes), eq(menu.isDeleted, 0)))
    : [];
  const roles = await db
    .select({ id: role.id, alias: role.roleAlias, packageId: tenant.packageId })
    .from(role)
    .innerJoin(tenant, and(eq(tenant.tenantId, role.tenantId), eq(tenant.isDeleted, 0)))
    .where(and(eq(role.isDeleted, 0), inArray(role.roleAlias, ['teacher', 'student', TENANT_ADMIN_ROLE])));
  for (const r of roles) {
    if (r.alias === TENANT_ADMIN_ROLE && r.packageId) continue;
    const grant = r.alias === 'teacher' ? menus : r.alias === 'student' ? studentMenus : adminMenus;
    if (grant.length) {
      await db
        .insert(roleMenu)
        .values(grant.map((m) => ({ roleId: r.id, menuId: m.id })))
        .onConflictDoNothing();
    }
  }
  await db.insert(setting).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}

/**
 * When papers arrived (试卷管理 under 考试), and when their shares (试卷 → 共享) came after them: see grantModuleOnce.
 * On a new installation both happen at its first start (the second then adds nothing).
 */
export async function grantPapers(db: Db): Promise<void> {
  await grantModuleOnce(db, PAPERS_GRANTED, {
    group: 'exam_center',
    teacherCodes: PAPER_TEACHER_CODES,
    adminPages: PAPER_ADMIN_PAGES,
  });
  await grantModuleOnce(db, PAPER_SHARES_GRANTED, {
    group: 'exam_center',
    teacherCodes: PAPER_SHARE_CODES,
    adminPages: PAPER_ADMIN_PAGES,
  });
}

export const ASSIGNMENTS_GRANTED = 'seed.assignmentsGranted';

/** When exams arrived (考试安排, 阅卷, 成绩分析; 我的考试, 练习, 错题本): see grantModuleOnce. */
export async function grantAssignments(db: Db): Promise<void> {
  await grantModuleOnce(db, ASSIGNMENTS_GRANTED, {
    group: 'exam_center',
    teacherCodes: ASSIGNMENT_TEACHER_CODES,
    studentCodes: ASSIGNMENT_STUDENT_CODES,
    adminPages: ASSIGNMENT_ADMIN_PAGES,
  });
}

/** When the question bank arrived: its menus (grantModuleOnce), and schools get the 文件题 question type. */
export async function grantQuestionBank(db: Db): Promise<void> {
  const first = await grantModuleOnce(db, QUESTION_BANK_GRANTED, {
    group: 'question_bank',
    teacherCodes: QUESTION_TEACHER_CODES,
    adminPages: QUESTION_ADMIN_PAGES,
  });
  if (!first) return;
  const [, zh, en] = QUESTION_TYPES.find(([code]) => code === 'file')!;
  const withoutFile = await db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(
      and(
        eq(tenant.isDeleted, 0),
        notExists(
          db
            .select({ id: flag.id })
            .from(flag)
            .where(and(eq(flag.tenantId, tenant.tenantId), eq(flag.kind, 'questionType'), eq(flag.code, 'file'))),
        ),
      ),
    );
  if (withoutFile.length) {
    await db.insert(flag).values(
      withoutFile.map((t) => ({
        id: newId(),
        tenantId: t.tenantId,
        kind: 'questionType',
        parentId: '0',
        name: zh,
        enName: en,
        code: 'file',
        sort: QUESTION_TYPES.length,
      })),
    );
  }
}
