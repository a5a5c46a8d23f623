import type { teacherFormSchema } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { clazz, school, teacher, teacherRela } from '../../../db/schema/index.ts';
import { accountsById, createAccount, passwordHashOf, removeAccounts, takePerson, updateAccount } from '../accounts.ts';
import { idsIn, namesById } from '../names.ts';
import { teacherNames } from './teacher.names.ts';

/** A staff number, when given, is unique in the tenant. */
export async function assertTeacherNoFree(db: Db, tenantId: string, teacherNo: unknown, exceptId?: string) {
  if (typeof teacherNo !== 'string' || teacherNo === '') return;
  const [taken] = await db
    .select({ id: teacher.id })
    .from(teacher)
    .where(
      and(
        eq(teacher.tenantId, tenantId),
        eq(teacher.teacherNo, teacherNo),
        eq(teacher.isDeleted, 0),
        exceptId ? ne(teacher.id, exceptId) : undefined,
      ),
    );
  if (taken) throw badRequest('teacher.teacherNo.taken');
}

/** Each teacher's relations by name: `学校`, `学校 / 年级` or `学校 / 年级 / 班级`. */
async function relaNames(db: Db, teacherIds: string[]): Promise<Map<string, string[]>> {
  if (teacherIds.length === 0) return new Map();
  const relas = await db.select().from(teacherRela).where(inArray(teacherRela.teacherId, teacherIds));
  const orgIds = relas.map((r) => r.relaId);
  const classes = orgIds.length
    ? await db
        .select({ id: clazz.id, name: clazz.name, parentId: clazz.parentId, isDeleted: clazz.isDeleted })
        .from(clazz)
        .where(inArray(clazz.id, orgIds))
    : [];
  const [grades, schools] = await Promise.all([
    namesById(db, clazz, clazz.name, idsIn(classes, 'parentId')),
    namesById(db, school, school.name, idsIn(relas, 'schoolId')),
  ]);
  const byId = new Map(classes.map((c) => [c.id, c]));
  const out = new Map<string, string[]>();
  for (const r of relas) {
    const path = [schools.get(r.schoolId) ?? ''];
    const node = byId.get(r.relaId);
    if (node) {
      if (node.isDeleted) continue;
      if (node.parentId !== '0') path.push(grades.get(node.parentId) ?? '');
      path.push(node.name);
    }
    out.set(r.teacherId, [...(out.get(r.teacherId) ?? []), path.join(' / ')]);
  }
  return out;
}

/**
 * A teacher is a user account with the tenant's `teacher` role, created, edited, disabled and removed with it.
 * A head teacher stays until their classes have another one.
 */
export const teacherHooks: ResourceHooks<typeof teacherFormSchema, typeof teacher.$inferSelect> = {
  async beforeSave({ db, principal, values, existing }) {
    const person = takePerson(values);
    await assertTeacherNoFree(db, principal.tenantId, values.teacherNo, existing?.id);
    if (existing) {
      await updateAccount(db, principal, 'teacher', existing.userId, person);
      return;
    }
    const passwordHash = await passwordHashOf(person);
    values.userId = await createAccount(db, principal, 'teacher', {
      ...person,
      account: person.account!,
      passwordHash,
    });
  },

  async beforeRemove({ db, principal, scope, ids }) {
    const [head] = await db
      .select({ clazz: clazz.name, teacherId: clazz.headTeacherId })
      .from(clazz)
      .where(and(eq(clazz.tenantId, principal.tenantId), eq(clazz.isDeleted, 0), inArray(clazz.headTeacherId, ids)))
      .limit(1);
    if (head) {
      const [name] = (await teacherNames(db, [head.teacherId!])).values();
      throw badRequest('teacher.isHeadTeacher', { name: name ?? '', clazz: head.clazz });
    }
    const rows = await db
      .select({ userId: teacher.userId })
      .from(teacher)
      .where(and(scope, inArray(teacher.id, ids)));
    await db.delete(teacherRela).where(inArray(teacherRela.teacherId, ids));
    await removeAccounts(
      db,
      principal,
      'teacher',
      rows.map((r) => r.userId),
    );
  },

  async afterLoad(rows, { db }) {
    const [accounts, relas] = await Promise.all([
      accountsById(db, idsIn(rows, 'userId')),
      relaNames(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => {
      const u = accounts.get(r.userId);
      return {
        ...r,
        account: u?.account ?? '',
        realName: u?.realName ?? '',
        sex: u?.sex ?? 0,
        phone: u?.phone ?? '',
        email: u?.email ?? '',
        relaNames: relas.get(r.id) ?? [],
      };
    });
  },
};
