import type { FlagKind, Locale } from '@shixun/contracts';
import type { Db } from '../../../core/db/client.ts';
import { classDirectionUsage } from '../clazz/clazz.usage.ts';

/**
 * Something that points at classification nodes (a class's direction now; questions' knowledge points and types,
 * courses' publishers later). `find` answers "which of these nodes are used, and by what (by title)?".
 */
export interface FlagUsage {
  /** What the places are called, e.g. 班级 / Class. */
  label: Record<Locale, string>;
  /** The trees whose nodes it can point at. */
  kinds: FlagKind[];
  find(db: Db, tenantId: string, flagIds: string[]): Promise<{ flagId: string; title: string }[]>;
}

/** Every module whose rows hold a flag registers here; removing a node asks each of those for its kind. */
export const flagUsages: FlagUsage[] = [classDirectionUsage];

/** At most this many places are named in a refusal. */
const NAMED = 3;

/** Where each of these nodes is used, as `班级《2024级机电1班》` phrases; absent when nowhere. */
export async function flagPlaces(
  db: Db,
  locale: Locale,
  tenantId: string,
  kind: FlagKind,
  flagIds: string[],
  usages: FlagUsage[] = flagUsages,
): Promise<Map<string, string>> {
  const places = new Map<string, string[]>();
  for (const usage of usages.filter((u) => u.kinds.includes(kind))) {
    for (const hit of await usage.find(db, tenantId, flagIds)) {
      const phrase = locale === 'zh' ? `${usage.label.zh}《${hit.title}》` : `${usage.label.en} "${hit.title}"`;
      places.set(hit.flagId, [...(places.get(hit.flagId) ?? []), phrase]);
    }
  }
  const sep = locale === 'zh' ? '、' : ', ';
  return new Map(
    [...places].map(([id, list]) => {
      const more =
        list.length > NAMED ? (locale === 'zh' ? ` 等 ${list.length} 处` : ` and ${list.length - NAMED} more`) : '';
      return [id, list.slice(0, NAMED).join(sep) + more];
    }),
  );
}
