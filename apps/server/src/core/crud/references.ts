import type { Locale, MessageKey } from '@shixun/contracts';
import type { Db } from '../db/client.ts';
import { type AppError, badRequest } from '../http/errors.ts';

/**
 * "Rows of `target` are referenced by rows of another kind" (ARCHITECTURE §5): a notice's rich text uses an
 * attachment, a class uses a node of the direction tree, a student's record owns a user account, a paper uses a
 * question. The module owning the referencing rows declares it (modules/registry.ts lists them all); the module of
 * the target asks, through here, before it removes anything — so neither imports the other.
 */
export interface Reference {
  /** The referenced resource: `attach` (keys are links), `flag`, `user` (keys are ids) … */
  target: string;
  /** What the referencing rows are called, e.g. 通知公告 / Notice. */
  label: Record<Locale, string>;
  /** Which of these keys are referenced in the tenant, each with a title of a referencing row. */
  find(db: Db, tenantId: string, keys: string[], except?: string): Promise<{ key: string; title: string }[]>;
  /** A refusal of its own instead of the "in use" one, e.g. naming the page that removes both together. */
  refusal?(hit: { key: string; title: string }): AppError;
}

const registry: Reference[] = [];

/** Called once at start-up with every module's references (registering one twice is harmless). */
export function registerReferences(references: Reference[]): void {
  for (const ref of references) if (!registry.includes(ref)) registry.push(ref);
}

/** At most this many places are named in a refusal. */
const NAMED = 3;

/** Where each of these keys is used, as `通知公告《期末考试安排》` phrases joined for a message; absent = unused. */
export async function referencePlaces(
  db: Db,
  locale: Locale,
  tenantId: string,
  target: string,
  keys: string[],
  /** A referencing row to leave out (the paper being edited asks where else its questions are used). */
  except?: string,
): Promise<Map<string, string>> {
  const places = new Map<string, string[]>();
  if (keys.length === 0) return new Map();
  for (const ref of registry.filter((r) => r.target === target)) {
    for (const hit of await ref.find(db, tenantId, keys, except)) {
      if (ref.refusal) throw ref.refusal(hit);
      const phrase = locale === 'zh' ? `${ref.label.zh}《${hit.title}》` : `${ref.label.en} "${hit.title}"`;
      const list = places.get(hit.key) ?? [];
      if (!list.includes(phrase)) places.set(hit.key, [...list, phrase]);
    }
  }
  const sep = locale === 'zh' ? '、' : ', ';
  return new Map(
    [...places].map(([key, list]) => {
      const more =
        list.length > NAMED ? (locale === 'zh' ? ` 等 ${list.length} 处` : ` and ${list.length - NAMED} more`) : '';
      return [key, list.slice(0, NAMED).join(sep) + more];
    }),
  );
}

/**
 * Refuses (400 `message` with `{name, places}`) to remove rows that something still references, naming the first
 * such row and where it is used; a reference with a refusal of its own answers with that instead.
 */
export async function assertUnreferenced(
  db: Db,
  ctx: { locale: Locale; tenantId: string },
  target: string,
  rows: { key: string; name: string }[],
  message: MessageKey,
): Promise<void> {
  const places = await referencePlaces(
    db,
    ctx.locale,
    ctx.tenantId,
    target,
    rows.map((r) => r.key),
  );
  const used = rows.find((r) => places.has(r.key));
  if (used) throw badRequest(message, { name: used.name, places: places.get(used.key)! });
}
