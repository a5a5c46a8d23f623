import type { userFormSchema } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../core/auth/passwords.ts';
import { assertUnreferenced } from '../../core/crud/references.ts';
import type { ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { dept, post, role, tenant, user, userRole } from '../../db/schema/index.ts';
import { assertAssignableRoles, assertMayActOn, assertTeachingRolesKept } from './user.roles.ts';

export const userHooks: ResourceHooks<typeof userFormSchema, typeof user.$inferSelect> = {
  async beforeSave({ db, principal, scope, values, existing }) {
    if (existing) {
      await assertMayActOn(db, principal, [existing.id]);
      if (existing.id === principal.userId && values.status === 0) throw badRequest('user.self');
      // Passwords change only through reset-password and update-password.
      delete values.password;
    } else {
      if (typeof values.password !== 'string') throw badRequest('user.password.required');
      values.passwordHash = await hashPassword(values.password);
      delete values.password;
      const [quota] = await db
        .select({ max: tenant.accountNumber })
        .from(tenant)
        .where(and(eq(tenant.tenantId, principal.tenantId), eq(tenant.isDeleted, 0)));
      if (quota && quota.max >= 0) {
        const [used] = await db.select({ n: count() }).from(user).where(scope);
        if ((used?.n ?? 0) >= quota.max) throw badRequest('user.quota');
      }
    }
    // The roles themselves are written by the factory (user.resource.ts children) once these rules pass.
    if (values.roleIds !== undefined) {
      await assertTeachingRolesKept(db, principal, existing ? [existing.id] : [], values.roleIds);
      await assertAssignableRoles(db, principal, values.roleIds);
    }
    for (const [key, table, message] of [
      ['deptId', dept, 'user.dept.invalid'],
      ['postId', post, 'user.post.invalid'],
    ] as const) {
      const id = values[key] as string | null | undefined;
      if (!id) continue;
      const [hit] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.tenantId, principal.tenantId), eq(table.isDeleted, 0)));
      if (!hit) throw badRequest(message);
    }
  },

  async beforeRemove({ db, principal, ids, locale }) {
    if (ids.includes(principal.userId)) throw badRequest('user.self');
    // A student's or teacher's account first: the answer names the page that removes it.
    const accounts = await db.select({ key: user.id, name: user.account }).from(user).where(inArray(user.id, ids));
    await assertUnreferenced(db, { locale, tenantId: principal.tenantId }, 'user', accounts, 'user.inUse');
    await assertMayActOn(db, principal, ids);
  },

  /**
   * Role names (in English too, each role's Chinese where it has none), dept and post names: what the user list
   * shows beside each account (the role ids come with the resource's children).
   */
  async afterLoad(rows, { db }) {
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => r.id);
    const links = await db
      .select({ userId: userRole.userId, roleName: role.roleName, roleNameEn: role.roleNameEn })
      .from(userRole)
      .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.isDeleted, 0)))
      .where(inArray(userRole.userId, ids))
      .orderBy(role.sort, role.id);
    const name = async (table: typeof dept | typeof post, col: 'deptName' | 'postName', key: 'deptId' | 'postId') => {
      const wanted = [...new Set(rows.map((r) => r[key]).filter((v): v is string => typeof v === 'string'))];
      if (!wanted.length) return new Map<string, string>();
      const column = col === 'deptName' ? dept.deptName : post.postName;
      const found = await db.select({ id: table.id, name: column }).from(table).where(inArray(table.id, wanted));
      return new Map(found.map((f) => [f.id, f.name]));
    };
    const depts = await name(dept, 'deptName', 'deptId');
    const posts = await name(post, 'postName', 'postId');
    return rows.map((r) => {
      const mine = links.filter((l) => l.userId === r.id);
      return {
        ...r,
        roleName: mine.map((l) => l.roleName).join(','),
        roleNameEn: mine.map((l) => l.roleNameEn || l.roleName).join(','),
        deptName: depts.get(r.deptId ?? '') ?? '',
        postName: posts.get(r.postId ?? '') ?? '',
      };
    });
  },
};
