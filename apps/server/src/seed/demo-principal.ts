import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../core/access/principal.ts';
import type { Db } from '../core/db/client.ts';
import { userRole } from '../db/schema/index.ts';

/** A demo user of the platform tenant as the modules' use cases take a caller (the demos act through them). */
export const demoPrincipal = (userId: string, account: string, roleIds: string[] = []): Principal => ({
  userId,
  tenantId: PLATFORM_TENANT_ID,
  sessionId: '',
  account,
  deptId: null,
  roleIds,
  roleAliases: [],
  superuser: false,
  packageId: null,
});

/** A demo teacher with the roles they hold (what their permissions and class scope follow). */
export async function demoTeacher(db: Db, userId: string, account: string): Promise<Principal> {
  const roles = await db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, userId));
  return demoPrincipal(
    userId,
    account,
    roles.map((r) => r.id),
  );
}
