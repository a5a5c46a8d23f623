import { randomBytes, randomInt } from 'node:crypto';
import { SEEDED_ROLE_NAMES, TENANT_ADMIN_ROLE } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { md5 } from '../../../core/auth/md5.ts';
import { hashPassword } from '../../../core/auth/passwords.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { tenantSetups } from '../../../core/tenancy/tenant-setup.ts';
import { menu, role, roleMenu, tenant, tenantPackageMenu, user, userRole } from '../../../db/schema/index.ts';
import { withAncestors } from '../menu/menu.service.ts';

/**
 * The platform's pages a new tenant's administrator starts with (and all their buttons): what a school runs for
 * itself. Each module adds its own (core/tenancy/tenant-setup.ts).
 */
const PLATFORM_ADMIN_PAGES = [
  'user',
  'role',
  'dept',
  'post',
  'dict_biz',
  'data_scope',
  'api_scope',
  'topmenu',
  'notice',
];

/**
 * What the new administrator role holds: everything in the tenant's package when it has one (the package is what the
 * tenant bought), else the standard tenant pages with their buttons — always with the groups above them.
 */
async function tenantAdminMenus(db: Db, packageId: string | null): Promise<{ id: string }[]> {
  const all = await db.select().from(menu).where(eq(menu.isDeleted, 0));
  if (packageId) {
    const links = await db
      .select({ id: tenantPackageMenu.menuId })
      .from(tenantPackageMenu)
      .where(eq(tenantPackageMenu.packageId, packageId));
    const inPackage = new Set(links.map((l) => l.id));
    return withAncestors(
      all,
      all.filter((m) => inPackage.has(m.id)),
    );
  }
  const codes = new Set([...tenantSetups().flatMap((s) => s.adminPages), ...PLATFORM_ADMIN_PAGES]);
  const pages = all.filter((m) => m.category === 1 && codes.has(m.code));
  const pageIds = new Set(pages.map((m) => m.id));
  const buttons = all.filter((m) => m.category === 2 && pageIds.has(m.parentId));
  return withAncestors(all, [...pages, ...buttons]);
}

/** A six-digit tenant id no live or removed tenant has used. */
export async function freshTenantId(db: Db): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(100000, 1000000));
    const [taken] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, candidate));
    if (!taken) return candidate;
  }
}

/**
 * A new tenant gets a role `admin` granted the tenant pages and an `admin` account with a generated password,
 * returned once to the platform administrator who created the tenant; and what each module needs (teaching: the
 * `teacher` and `student` roles, the question types).
 */
export async function provisionTenant(
  db: Db,
  created: { tenantId?: unknown; packageId?: unknown },
  createdBy: string,
): Promise<{ account: string; password: string }> {
  const tenantId = created.tenantId as string;
  const roleId = newId();
  await db
    .insert(role)
    .values({ id: roleId, tenantId, ...SEEDED_ROLE_NAMES.admin, roleAlias: TENANT_ADMIN_ROLE, createUser: createdBy });
  const pages = await tenantAdminMenus(db, (created.packageId as string | null | undefined) ?? null);
  if (pages.length) await db.insert(roleMenu).values(pages.map((m) => ({ roleId, menuId: m.id })));

  const password = randomBytes(12).toString('base64url');
  const userId = newId();
  await db.insert(user).values({
    id: userId,
    tenantId,
    account: 'admin',
    passwordHash: await hashPassword(md5(password)),
    name: '管理员',
    realName: '管理员',
    createUser: createdBy,
  });
  await db.insert(userRole).values({ userId, roleId });
  for (const setup of tenantSetups()) await setup.provision?.(db, tenantId);
  return { account: 'admin', password };
}
