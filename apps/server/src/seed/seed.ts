import { randomBytes } from 'node:crypto';
import { PLATFORM_TENANT_ID, PLATFORM_TENANT_NAME, SEEDED_ROLE_NAMES, SUPERUSER_ROLE } from '@shixun/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { SeedMenu } from '../core/access/menu-definition.ts';
import { md5 } from '../core/auth/md5.ts';
import { hashPassword } from '../core/auth/passwords.ts';
import type { Db } from '../core/db/client.ts';
import { startupTransactionLock } from '../core/db/migrate.ts';
import { registerTenantSetups } from '../core/tenancy/tenant-setup.ts';
import { client, dict, menu, param, role, roleMenu, setting, tenant, user, userRole } from '../db/schema/index.ts';
import { provisionTeaching } from '../modules/academic/teaching-roles.ts';
import { seedMenus, tenantSetupRegistry } from '../modules/registry.ts';
import { ACADEMIC_SEED, seedAcademicDemo } from './academic-demo.ts';
import { seedAssignmentDemo } from './assignment-demo.ts';
import { seedCourseDemo } from './course-demo.ts';
import { seedDictRows } from './dicts.ts';
import { seedFilejobDemo } from './filejob-demo.ts';
import { SEED } from './fixed-ids.ts';
import { seedPaperDemo } from './paper-demo.ts';
import { seedParamRows } from './params.ts';
import { seedPracticalAssignmentDemo, seedPracticalDemo } from './practical-demo.ts';
import { seedQuestionDemo } from './question-demo.ts';
import { seedRegions } from './regions.ts';
import { grantArrivals, upgradeSeededRows } from './upgrade.ts';

export interface SeedOptions {
  /** Create the demo account admin/admin (everywhere except a production PostgreSQL installation). */
  demo: boolean;
  /**
   * The demo school (academic-demo.ts: a school, 2 teachers, 40 students in the platform tenant); default: `demo`. API
   * tests leave it out so the platform tenant holds only its administrator.
   */
  demoSchool?: boolean;
  /** Production: the first administrator's password; generated when absent. */
  adminPassword?: string | undefined;
  /** Where a generated first password is shown, once. */
  announce: (text: string) => void;
  /** Local files (`<DATA_DIR>/files`): the demo question bank's pictures are drawn there. */
  filesDir?: string;
}

/**
 * Bring the platform's own rows into existence. Idempotent: rows that exist (and any edits to them) are kept. One
 * transaction under the start-up lock: instances starting together take turns, and a later one finds the work done.
 */
export async function seed(root: Db, opts: SeedOptions): Promise<void> {
  // What each module adds to a tenant (its role grants among it): the seed provisions tenants before the app starts.
  registerTenantSetups(tenantSetupRegistry);
  await root.transaction(async (db) => {
    await db.execute(startupTransactionLock);
    await seedRows(db, opts);
  });
}

async function seedRows(db: Db, opts: SeedOptions): Promise<void> {
  await db
    .insert(tenant)
    .values({ id: SEED.platformTenant, tenantId: PLATFORM_TENANT_ID, ...PLATFORM_TENANT_NAME, linkman: 'admin' })
    .onConflictDoNothing();

  const [existingClient] = await db.select({ id: client.id }).from(client).where(eq(client.id, SEED.saberClient));
  if (!existingClient) {
    await db
      .insert(client)
      .values({
        id: SEED.saberClient,
        clientId: 'saber',
        clientSecretHash: await hashPassword('saber_secret'),
        authorizedGrantTypes: 'password,captcha,refresh_token,social',
      })
      .onConflictDoNothing();
  }

  await db
    .insert(role)
    .values({
      id: SEED.administratorRole,
      tenantId: PLATFORM_TENANT_ID,
      ...SEEDED_ROLE_NAMES[SUPERUSER_ROLE],
      roleAlias: SUPERUSER_ROLE,
    })
    .onConflictDoNothing();

  await seedModuleMenus(db, seedMenus);

  await db
    .insert(param)
    .values(
      seedParamRows().map(({ demoValue, ...p }) => ({
        ...p,
        paramValue: opts.demo ? (demoValue ?? p.paramValue) : p.paramValue,
      })),
    )
    .onConflictDoNothing();

  for (const { parent, items } of seedDictRows()) {
    await db.insert(dict).values(parent).onConflictDoNothing();
    // An administrator may have created this code before an upgrade added it here: then theirs stays, and no
    // items are hung under a parent that was never inserted.
    const [own] = await db.select({ id: dict.id }).from(dict).where(eq(dict.id, parent.id));
    if (!own) continue;
    await db.insert(dict).values(items).onConflictDoNothing();
  }

  await seedRegions(db);
  await seedAdministrator(db, opts);
  await provisionTeaching(db, PLATFORM_TENANT_ID, ACADEMIC_SEED);
  await backfillTeaching(db);
  await upgradeSeededRows(db);
  await grantArrivals(db);
  if (opts.demoSchool ?? opts.demo) {
    await seedAcademicDemo(db);
    await seedQuestionDemo(db, opts.filesDir);
    await seedPaperDemo(db);
    await seedAssignmentDemo(db);
    await seedPracticalDemo(db);
    await seedPracticalAssignmentDemo(db);
    await seedFilejobDemo(db, opts.filesDir);
    await seedCourseDemo(db, opts.filesDir);
  }
}

const TEACHING_BACKFILLED = 'seed.teachingBackfilled';

/**
 * Schools created before teaching arrived get what new ones are provisioned with (teacher and student roles,
 * question types) — once, at the first start after the upgrade; a role an administrator removes later stays removed.
 */
async function backfillTeaching(db: Db): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, TEACHING_BACKFILLED));
  if (done) return;
  const schools = await db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(and(eq(tenant.isDeleted, 0), ne(tenant.tenantId, PLATFORM_TENANT_ID)));
  for (const school of schools) await provisionTeaching(db, school.tenantId);
  await db.insert(setting).values({ key: TEACHING_BACKFILLED, value: new Date().toISOString() }).onConflictDoNothing();
}

async function seedAdministrator(db: Db, opts: SeedOptions): Promise<void> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.id, SEED.adminUser));
  if (!existing) {
    let plain = 'admin';
    if (!opts.demo) {
      plain = opts.adminPassword ?? randomBytes(12).toString('base64url');
      if (!opts.adminPassword) {
        opts.announce(
          `First administrator: account "admin", password "${plain}" — shown once; change it after signing in.`,
        );
      }
    }
    await db
      .insert(user)
      .values({
        id: SEED.adminUser,
        tenantId: PLATFORM_TENANT_ID,
        account: 'admin',
        passwordHash: await hashPassword(md5(plain)),
        name: '管理员',
        realName: '管理员',
      })
      .onConflictDoNothing();
  }
  await db.insert(userRole).values({ userId: SEED.adminUser, roleId: SEED.administratorRole }).onConflictDoNothing();
}

/**
 * Modules' menus and buttons, held by the platform's superuser role: rows that exist (and any edits to them) are kept.
 */
export async function seedModuleMenus(db: Db, menus: SeedMenu[]): Promise<void> {
  if (menus.length === 0) return;
  await db
    .insert(menu)
    .values(
      menus.map((m) => ({
        ...m,
        alias: m.alias ?? '',
        source: m.source ?? '',
        action: m.action ?? 0,
        i18n: m.i18n ?? '',
        roles: m.roles ?? [],
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(roleMenu)
    .values(menus.map((m) => ({ roleId: SEED.administratorRole, menuId: m.id })))
    .onConflictDoNothing();
}
