import { and, eq, inArray } from 'drizzle-orm';
import { md5 } from '../core/auth/md5.ts';
import { hashPassword } from '../core/auth/passwords.ts';
import type { Db } from '../core/db/client.ts';
import { newId } from '../core/db/ids.ts';
import { menu, role, roleMenu, tenant, user, userRole } from '../db/schema/index.ts';

export async function createTenant(db: Db, tenantId: string, opts: { status?: number; expireTime?: Date } = {}) {
  await db.insert(tenant).values({
    id: newId(),
    tenantId,
    tenantName: `租户 ${tenantId}`,
    status: opts.status ?? 1,
    expireTime: opts.expireTime ?? null,
  });
}

/** A role in a tenant granted exactly the menus/buttons with these codes. */
export async function createRole(db: Db, tenantId: string, alias: string, menuCodes: string[] = []): Promise<string> {
  const id = newId();
  await db.insert(role).values({ id, tenantId, roleName: alias, roleAlias: alias });
  if (menuCodes.length) {
    const menus = await db
      .select({ id: menu.id })
      .from(menu)
      .where(and(inArray(menu.code, menuCodes), eq(menu.isDeleted, 0)));
    await db.insert(roleMenu).values(menus.map((m) => ({ roleId: id, menuId: m.id })));
  }
  return id;
}

export async function createUser(
  db: Db,
  input: { tenantId: string; account: string; password: string; roleIds: string[]; status?: number },
): Promise<string> {
  const id = newId();
  await db.insert(user).values({
    id,
    tenantId: input.tenantId,
    account: input.account,
    passwordHash: await hashPassword(md5(input.password)),
    name: input.account,
    realName: input.account,
    status: input.status ?? 1,
  });
  if (input.roleIds.length) await db.insert(userRole).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
  return id;
}
