import { questionLibPermissionFormSchema, questionLibPermissionSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { questionLib, questionLibPermission, school, teacher, user } from '../../db/schema/index.ts';
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

const permissionHooks: ResourceHooks<typeof questionLibPermissionFormSchema, PermissionRow> = {
  async beforeSave({ db, principal, next }) {
    const [lib] = await db
      .select({ id: questionLib.id, owner: questionLib.createUser })
      .from(questionLib)
      .where(and(await ownedLibs(db, principal), eq(questionLib.id, next.libId)));
    if (!lib) throw badRequest('questionLib.invalid');
    if (next.granteeType === 'teacher') {
      if (next.granteeId === lib.owner) throw badRequest('questionLib.shareSelf');
      const [t] = await db
        .select({ id: teacher.id })
        .from(teacher)
        .where(
          and(eq(teacher.tenantId, principal.tenantId), eq(teacher.userId, next.granteeId), eq(teacher.isDeleted, 0)),
        );
      if (!t) throw badRequest('questionLib.teacher.invalid');
    } else {
      const [s] = await db
        .select({ id: school.id })
        .from(school)
        .where(and(eq(school.tenantId, principal.tenantId), eq(school.id, next.granteeId), eq(school.isDeleted, 0)));
      if (!s) throw badRequest('questionLib.school.invalid');
    }
  },

  /** Each share with the teacher's or school's name. */
  async afterLoad(rows, { db }) {
    const ids = (type: string) => [...new Set(rows.filter((r) => r.granteeType === type).map((r) => r.granteeId))];
    const [teachers, schools] = await Promise.all([
      ids('teacher').length
        ? db
            .select({ id: user.id, name: user.realName })
            .from(user)
            .where(inArray(user.id, ids('teacher')))
        : [],
      ids('school').length
        ? db
            .select({ id: school.id, name: school.name })
            .from(school)
            .where(inArray(school.id, ids('school')))
        : [],
    ]);
    const names = new Map([...teachers, ...schools].map((n) => [n.id, n.name]));
    return rows.map((r) => ({ ...r, granteeName: names.get(r.granteeId) ?? '' }));
  },
};

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
  hooks: permissionHooks,
  present: presenter(questionLibPermissionSchema),
});
