import { type ImportIssue, type Locale, type MessageKey, translate } from '@shixun/contracts';
import type { z } from 'zod';
import { describeIssue } from '../http/error-handler.ts';
import { ImportRejected, MAX_ISSUES } from './import.ts';
import { sexFromText } from './sheet.ts';

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
