import { questionLibPermissionFormSchema, questionLibPermissionSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { shareHooks } from '../../core/access/shares.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { questionLib, questionLibPermission } from '../../db/schema/index.ts';
import { libReader } from './lib-access.ts';

type PermissionRow = typeof questionLibPermission.$inferSelect;

/** The libraries whose shares this caller manages: their own (administrators: all of the tenant's). */
async function ownedLibs(db: Db, p: Principal): Promise<SQL> {
  const who = await libReader(db, p);
  return and(
    eq(questionLib.tenantId, p.tenantId),
    eq(questionLib.isDeleted, 0),
    who.kind === 'admin' ? undefined : eq(questionLib.createUser, p.userId),
  )!;
}

/**
 * 题库共享 (`/api/jd/pc/question_lib_permission`): a library shared with one teacher (a user id) or a whole school,
 * to read or to edit. Only the library's owner (or an administrator) sees and changes its shares.
 */
export const questionLibPermissionResource = defineResource({
  name: 'question_lib_permission',
  basePath: '/api/jd/pc/question_lib_permission',
  table: questionLibPermission,
  scope: 'tenant',
  async rowScope(db, p) {
    const owned = await ownedLibs(db, p);
    return inArray(questionLibPermission.libId, db.select({ id: questionLib.id }).from(questionLib).where(owned));
  },
  form: questionLibPermissionFormSchema,
  filters: {
    libId: filter.eqId(questionLibPermission.libId),
    granteeType: filter.eqString(questionLibPermission.granteeType),
  },
  sorts: { createTime: questionLibPermission.createTime },
  defaultSort: [desc(questionLibPermission.createTime), desc(questionLibPermission.id)],
  unique: [{ fields: ['libId', 'granteeType', 'granteeId'], message: 'questionLib.shared' }],
  constraintMessages: { question_lib_permission_grantee_uq: 'questionLib.shared' },
  hooks: shareHooks<typeof questionLibPermissionFormSchema, PermissionRow>({
    // Another teacher's library answers as a missing one, even when it is shared with the caller.
    async target(db, p, next) {
      const [lib] = await db
        .select({ owner: questionLib.createUser })
        .from(questionLib)
        .where(and(await ownedLibs(db, p), eq(questionLib.id, next.libId)));
      return lib && { ...lib, manages: true };
    },
    messages: { invalid: 'questionLib.invalid', self: 'questionLib.shareSelf', ownerOnly: 'questionLib.ownerOnly' },
  }),
  present: presenter(questionLibPermissionSchema),
});
