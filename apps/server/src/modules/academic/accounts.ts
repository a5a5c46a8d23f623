import type { TeachingRole, UserImportResult } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import { revokeUserSessions } from '../../core/auth/sessions.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest } from '../../core/http/errors.ts';
import { user, userRole } from '../../db/schema/index.ts';
import { assertMayActOn, assertQuota, insertAccounts, type NewAccount, newPasswords } from '../user/user.api.ts';
import { givableTeachingRole } from './teaching-roles.ts';

/** What a student or teacher form holds about the person: kept on their user account, not on the row. */
export interface Person {
  account?: string;
  /** md5 of the password, on add only. */
  password?: string;
  realName?: string;
  sex?: number;
  phone?: string;
  email?: string;
  status?: number;
}

const PERSON_KEYS = ['account', 'password', 'realName', 'sex', 'phone', 'email'] as const;

/** Takes the person's fields out of a save's values (status stays: the row has one too, and the account follows it). */
export function takePerson(values: Record<string, unknown>): Person {
  const person: Record<string, unknown> = { status: values.status };
  for (const key of PERSON_KEYS) {
    person[key] = values[key];
    delete values[key];
  }
  return person as Person;
}

async function assertAccountFree(db: Db, tenantId: string, account: string, exceptUserId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)));
  if (taken && taken.id !== exceptUserId) throw badRequest('user.account.taken');
}

/**
 * The user account of a new student or teacher, holding the tenant's role of that name (created when missing),
 * within the tenant's account quota. Returns the user's id.
 */
export async function createAccount(
  db: Db,
  p: Principal,
  alias: TeachingRole,
  person: Person & { account: string; passwordHash: string },
): Promise<string> {
  await assertAccountFree(db, p.tenantId, person.account);
  await assertQuota(db, p.tenantId, 1);
  const roleId = await givableTeachingRole(db, p, alias);
  const id = newId();
  const now = new Date();
  await db.insert(user).values({
    id,
    tenantId: p.tenantId,
    account: person.account,
    passwordHash: person.passwordHash,
    name: person.realName ?? '',
    realName: person.realName ?? '',
    sex: person.sex ?? 0,
    phone: person.phone ?? '',
    email: person.email ?? '',
    status: person.status ?? 1,
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  });
  await db.insert(userRole).values({ userId: id, roleId });
  return id;
}

/** The password a new account starts with: the form's md5, hashed; refused when absent. */
export async function passwordHashOf(person: Person): Promise<string> {
  if (!person.password) throw badRequest('user.password.required');
  return hashPassword(person.password);
}

/**
 * Whoever manages students (or teachers) may change their accounts: the teaching role is the page's to hand out;
 * any other role such an account also holds must be one the caller could give (nobody acts on a user above them).
 */
export async function assertMayActOnPeople(db: Db, p: Principal, alias: TeachingRole, userIds: string[]) {
  if (p.superuser || userIds.length === 0) return;
  await assertMayActOn(db, p, userIds, [await givableTeachingRole(db, p, alias)]);
}

/**
 * Copies what was sent about the person to their account. Disabling ends their sessions on the next request
 * (the guard reloads the user every time); re-enabling lets them sign in again.
 */
export async function updateAccount(
  db: Db,
  p: Principal,
  alias: TeachingRole,
  userId: string,
  person: Person,
): Promise<void> {
  await assertMayActOnPeople(db, p, alias, [userId]);
  if (person.account) await assertAccountFree(db, p.tenantId, person.account, userId);
  const set: Partial<typeof user.$inferInsert> = { updateUser: p.userId, updateTime: new Date() };
  if (person.account) set.account = person.account;
  if (person.realName !== undefined) {
    set.realName = person.realName;
    set.name = person.realName;
  }
  for (const key of ['sex', 'phone', 'email', 'status'] as const) {
    if (person[key] !== undefined) (set as Record<string, unknown>)[key] = person[key];
  }
  await db
    .update(user)
    .set(set)
    .where(and(eq(user.id, userId), eq(user.tenantId, p.tenantId)));
}

/** Removing a student or teacher removes their account: they cannot sign in again, and open sessions end now. */
export async function removeAccounts(db: Db, p: Principal, alias: TeachingRole, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await assertMayActOnPeople(db, p, alias, userIds);
  await db
    .update(user)
    .set({ isDeleted: 1, updateUser: p.userId, updateTime: new Date() })
    .where(and(inArray(user.id, userIds), eq(user.tenantId, p.tenantId)));
  for (const id of userIds) await revokeUserSessions(db, id);
}

/** The account fields a student or teacher row is shown with. */
const accountColumns = {
  id: user.id,
  account: user.account,
  realName: user.realName,
  sex: user.sex,
  phone: user.phone,
  email: user.email,
  status: user.status,
};

type AccountCells = { [K in keyof typeof accountColumns]: (typeof user.$inferSelect)[K] };

export async function accountsById(db: Db, userIds: string[]): Promise<Map<string, AccountCells>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select(accountColumns).from(user).where(inArray(user.id, userIds));
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * 导入 of students or teachers, once every row has passed: their accounts (holding the teaching role) and their own
 * rows (`writeRows`, given the new account ids in order) in one transaction, within the tenant's quota. First
 * passwords are hashed before it opens and answered once.
 */
export async function importPeople(
  db: Db,
  p: Principal,
  alias: TeachingRole,
  people: Omit<NewAccount, 'roleIds'>[],
  writeRows: (tx: Db, userIds: string[]) => Promise<void>,
): Promise<UserImportResult> {
  // Checked before the slow hashing so a full tenant hears it at once, and again inside the write.
  await assertQuota(db, p.tenantId, people.length);
  const { hashes, shown } = await newPasswords(db, people.length);
  await db.transaction(async (tx) => {
    await assertQuota(tx, p.tenantId, people.length);
    const roleId = await givableTeachingRole(tx, p, alias);
    const userIds = await insertAccounts(
      tx,
      p,
      people.map((x) => ({ ...x, roleIds: [roleId] })),
      hashes,
    );
    await writeRows(tx, userIds);
  });
  return {
    inserted: people.length,
    updated: 0,
    passwords: shown.map((password, i) => ({ account: people[i]!.account, password })),
  };
}
