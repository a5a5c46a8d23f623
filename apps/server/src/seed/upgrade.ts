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
import { type Arrival, type TenantSetup, tenantSetups } from '../core/tenancy/tenant-setup.ts';
import { dict, menu, param, role, roleMenu, setting, teacher, tenant, user, userRole } from '../db/schema/index.ts';
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

/**
 * When a module's menus arrive: each school's teacher role gets them all (its student role the student's), and the
 * administrator role of each school without a product package (with a package, the package decides) the module's
 * group and pages with their buttons (of these menus: buttons added later to a page it had are granted the same
 * way). Once per arrival (the setting `key`): what an administrator takes away later stays away. False when done
 * before.
 */
async function grantOnce(db: Db, arrival: Arrival, setup: TenantSetup): Promise<boolean> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, arrival.key));
  if (done) return false;
  const codes = arrival.codes ?? setup.roleGrants ?? {};
  const teacherCodes = [...(codes.teacher ?? [])];
  const studentCodes = [...(codes.student ?? [])];
  const menus = teacherCodes.length
    ? await db
        .select({ id: menu.id, code: menu.code, parentId: menu.parentId })
        .from(menu)
        .where(and(inArray(menu.code, teacherCodes), eq(menu.isDeleted, 0)))
    : [];
  const pages = setup.adminPages.length
    ? (
        await db
          .select({ id: menu.id })
          .from(menu)
          .where(and(inArray(menu.code, [...setup.adminPages]), eq(menu.isDeleted, 0)))
      ).map((m) => m.id)
    : [];
  const adminMenus = menus.filter(
    (m) => m.code === arrival.group || pages.includes(m.id) || pages.includes(m.parentId),
  );
  const studentMenus = studentCodes.length
    ? await db
        .select({ id: menu.id })
        .from(menu)
        .where(and(inArray(menu.code, studentCodes), eq(menu.isDeleted, 0)))
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
  await db.insert(setting).values({ key: arrival.key, value: new Date().toISOString() }).onConflictDoNothing();
  await arrival.first?.(db);
  return true;
}

/** Every module's arrivals not granted yet, in the modules' order (on a new installation, all at its first start). */
export async function grantArrivals(db: Db): Promise<void> {
  for (const setup of tenantSetups()) for (const arrival of setup.arrivals ?? []) await grantOnce(db, arrival, setup);
}
