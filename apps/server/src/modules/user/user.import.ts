import { type Locale, type MessageKey, type UserForm, type UserImportResult, userFormSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { mapUniqueViolation } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { RowReport } from '../../core/excel/row-report.ts';
import { describeIssue } from '../../core/http/error-handler.ts';
import { dept, post, role, user } from '../../db/schema/index.ts';
import { assertQuota, insertAccounts, newPasswords } from './user.accounts.ts';
import type { SheetRow, UserColumn } from './user.excel.ts';
import { userResource } from './user.resource.ts';
import {
  replaceUserRoles,
  superuserHolders,
  teachingRoleChange,
  teachingRoleMessage,
  teachingRolesOf,
  ungivableRoles,
} from './user.roles.ts';

/** Form fields a problem is reported under: the column the person filled in. */
const COLUMN_OF: Record<string, UserColumn> = { roleIds: 'roleAliases', deptId: 'deptName', postId: 'postCode' };

type Prepared = { row: SheetRow; values: UserForm; existingId?: string };

/** What the tenant has that rows refer to by name: roles by alias, depts by name, posts by code, taken accounts. */
async function lookups(db: Db, p: Principal, rows: SheetRow[]) {
  const [roles, depts, posts] = await Promise.all([
    db
      .select({ id: role.id, alias: role.roleAlias })
      .from(role)
      .where(and(eq(role.tenantId, p.tenantId), eq(role.isDeleted, 0))),
    db
      .select({ id: dept.id, name: dept.deptName })
      .from(dept)
      .where(and(eq(dept.tenantId, p.tenantId), eq(dept.isDeleted, 0))),
    db
      .select({ id: post.id, code: post.postCode })
      .from(post)
      .where(and(eq(post.tenantId, p.tenantId), eq(post.isDeleted, 0))),
  ]);
  const accounts = [...new Set(rows.map((r) => r.account).filter(Boolean))];
  const existing = accounts.length
    ? await db
        .select({ id: user.id, account: user.account })
        .from(user)
        .where(and(eq(user.tenantId, p.tenantId), eq(user.isDeleted, 0), inArray(user.account, accounts)))
    : [];
  const deptsByName = new Map<string, string[]>();
  for (const d of depts) deptsByName.set(d.name, [...(deptsByName.get(d.name) ?? []), d.id]);
  return {
    roleByAlias: new Map(roles.map((r) => [r.alias, r])),
    ungivable: await ungivableRoles(db, p, roles),
    teaching: await teachingRolesOf(
      db,
      p.tenantId,
      existing.map((u) => u.id),
    ),
    deptsByName,
    postByCode: new Map(posts.map((x) => [x.code, x.id])),
    existing: new Map(existing.map((u) => [u.account, u.id])),
    holders: p.superuser
      ? new Set<string>()
      : await superuserHolders(
          db,
          existing.map((u) => u.id),
        ),
  };
}

/**
 * Checks every row — the user form's own schema, the names it refers to, accounts repeated in the file or already
 * taken — and collects every problem instead of stopping at the first.
 */
async function prepare(db: Db, p: Principal, locale: Locale, rows: SheetRow[], covered: boolean) {
  const look = await lookups(db, p, rows);
  const report = new RowReport(locale);
  const firstRowOf = new Map<string, number>();
  const prepared: Prepared[] = [];
  for (const row of rows) {
    const say = (field: UserColumn, key: MessageKey, params: Record<string, string | number> = {}) =>
      report.say(row.row, field, key, params);

    const existingId = look.existing.get(row.account);
    const aliases = [...new Set(row.roleAliases.split(/[,，;；]/).map((a) => a.trim()))].filter(Boolean);
    const roleIds: string[] = [];
    for (const alias of aliases) {
      const found = look.roleByAlias.get(alias);
      if (!found) say('roleAliases', 'user.import.roleUnknown', { alias });
      else roleIds.push(found.id);
    }
    // An account the import would update keeps its teaching roles only by listing them; a new one gets none.
    const held = existingId && covered ? look.teaching.heldBy(existingId) : new Set<string>();
    const teachingChange = teachingRoleChange(look.teaching.aliasOf, roleIds, held);
    if (teachingChange) say('roleAliases', teachingRoleMessage(teachingChange));
    const ungivable = roleIds.find((id) => look.ungivable.has(id));
    if (ungivable) say('roleAliases', look.ungivable.get(ungivable)!);
    let deptId: string | null = null;
    if (row.deptName) {
      const ids = look.deptsByName.get(row.deptName) ?? [];
      if (ids.length === 0) say('deptName', 'user.import.deptUnknown', { name: row.deptName });
      if (ids.length > 1) say('deptName', 'user.import.deptAmbiguous', { name: row.deptName });
      deptId = ids.length === 1 ? ids[0]! : null;
    }
    let postId: string | null = null;
    if (row.postCode) {
      postId = look.postByCode.get(row.postCode) ?? null;
      if (!postId) say('postCode', 'user.import.postUnknown', { code: row.postCode });
    }
    const sex = report.sex(row.row, row.sex);

    const parsed = userFormSchema.safeParse({
      account: row.account,
      name: row.name,
      realName: row.realName,
      phone: row.phone,
      email: row.email,
      sex,
      birthday: row.birthday || null,
      roleIds,
      deptId,
      postId,
    });
    // A role that could not be resolved was reported above; "no role" would only repeat it.
    for (const issue of parsed.error?.issues ?? []) {
      const key = String(issue.path[0] ?? '');
      if (key === 'roleIds' && aliases.length) continue;
      report.add(row.row, COLUMN_OF[key] ?? key, describeIssue(locale, issue));
    }

    const first = firstRowOf.get(row.account);
    if (first !== undefined) say('account', 'user.import.duplicate', { row: first });
    else if (row.account) firstRowOf.set(row.account, row.row);
    if (existingId && !covered) say('account', 'user.account.taken');
    if (existingId && covered && look.holders.has(existingId)) say('account', 'user.superuser');

    if (parsed.success && !report.faulty.has(row.row)) prepared.push({ row, values: parsed.data, existingId });
  }
  report.throwIfAny();
  return prepared;
}

/**
 * 导入: every row is checked first and nothing is written unless all of them pass; then all are written in one
 * transaction. New accounts get `account.initPassword`, else a random password each, returned once.
 */
export async function importUsers(
  db: Db,
  p: Principal,
  locale: Locale,
  rows: SheetRow[],
  covered: boolean,
): Promise<UserImportResult> {
  const prepared = await prepare(db, p, locale, rows, covered);
  const fresh = prepared.filter((x) => !x.existingId);
  // Checked before the slow hashing so a full tenant hears it at once, and again inside the write.
  await assertQuota(db, p.tenantId, fresh.length);

  // Hashing is the slow part, so it happens before the transaction opens.
  const { hashes, shown } = await newPasswords(db, fresh.length);

  await db
    .transaction(async (tx) => {
      await assertQuota(tx, p.tenantId, fresh.length);
      await insertAccounts(
        tx,
        p,
        fresh.map((x) => x.values),
        hashes,
      );
      const audit = { updateUser: p.userId, updateTime: new Date() };
      for (const x of prepared.filter((y) => y.existingId)) {
        const { roleIds, birthday, account: _, ...values } = x.values;
        await tx
          .update(user)
          .set({ ...values, birthday: typeof birthday === 'string' ? new Date(birthday) : null, ...audit })
          .where(eq(user.id, x.existingId!));
        await replaceUserRoles(tx, [x.existingId!], roleIds);
      }
    })
    // An account created meanwhile by someone else: the same answer as when it was there before.
    .catch((e: unknown) => mapUniqueViolation(userResource, e));

  return {
    inserted: fresh.length,
    updated: prepared.length - fresh.length,
    passwords: shown.map((password, i) => ({ account: fresh[i]!.row.account, password })),
  };
}
