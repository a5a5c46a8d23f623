import { type ImportIssue, type Locale, type MessageKey, translate } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { ImportRejected, MAX_ISSUES } from '../../core/excel/import.ts';
import { sexFromText } from '../../core/excel/sheet.ts';
import { describeIssue } from '../../core/http/error-handler.ts';
import { user, userRole } from '../../db/schema/index.ts';

/** Every problem of a file, at most one per row and column, in the caller's language. */
export class RowReport {
  readonly issues: ImportIssue[] = [];
  readonly faulty = new Set<number>();
  private readonly seen = new Set<string>();

  constructor(readonly locale: Locale) {}

  add(row: number, field: string, message: string): void {
    const key = `${row}:${field}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.faulty.add(row);
    this.issues.push({ row, field, message });
  }

  say(row: number, field: string, key: MessageKey, params: Record<string, string | number> = {}): void {
    this.add(row, field, translate(this.locale, key, params));
  }

  /** A form schema's complaints about a row, each under its own column. */
  check<S extends z.ZodType>(row: number, schema: S, input: unknown): z.infer<S> | undefined {
    const parsed = schema.safeParse(input);
    for (const issue of parsed.error?.issues ?? [])
      this.add(row, String(issue.path[0] ?? ''), describeIssue(this.locale, issue));
    return parsed.success ? parsed.data : undefined;
  }

  /** The sex column as text (男/女/未知, either language, or 0/1/2). */
  sex(row: number, text: string): number | undefined {
    const sex = sexFromText(text);
    if (sex === null) this.say(row, 'sex', 'user.import.sex');
    return sex ?? undefined;
  }

  /** The same value twice in the file: the later row is reported, naming the first. */
  uniqueIn<T extends { row: number }>(rows: T[], keyOf: (r: T) => string, field: string, message: MessageKey): void {
    const first = new Map<string, number>();
    for (const r of rows) {
      const key = keyOf(r);
      if (!key) continue;
      const seen = first.get(key);
      if (seen !== undefined) this.say(r.row, field, message, { row: seen });
      else first.set(key, r.row);
    }
  }

  /** Nothing is written while any row has a problem. */
  throwIfAny(): void {
    if (this.issues.length) throw new ImportRejected(this.issues.slice(0, MAX_ISSUES), this.faulty.size);
  }
}

/** Accounts among these that are already taken in the tenant. */
export async function takenAccounts(db: Db, tenantId: string, accounts: string[]): Promise<Set<string>> {
  const wanted = [...new Set(accounts.filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ account: user.account })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), inArray(user.account, wanted)));
  return new Set(rows.map((r) => r.account));
}

/** A new account's person fields, as an import row gives them. */
export interface NewPerson {
  account: string;
  realName: string;
  sex?: number | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** Inserts the accounts (with the role) in the caller's tenant; returns their ids in order. */
export async function insertAccounts(
  tx: Db,
  p: Principal,
  roleId: string,
  people: NewPerson[],
  hashes: string[],
): Promise<string[]> {
  const now = new Date();
  const rows = people.map((x, i) => ({
    id: newId(),
    tenantId: p.tenantId,
    account: x.account,
    passwordHash: hashes[i]!,
    name: x.realName,
    realName: x.realName,
    sex: x.sex ?? 0,
    phone: x.phone ?? '',
    email: x.email ?? '',
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(user).values(rows.slice(i, i + 500));
  const links = rows.map((r) => ({ userId: r.id, roleId }));
  for (let i = 0; i < links.length; i += 1000) await tx.insert(userRole).values(links.slice(i, i + 1000));
  return rows.map((r) => r.id);
}
