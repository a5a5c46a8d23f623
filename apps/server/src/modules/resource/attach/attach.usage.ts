import type { Locale } from '@shixun/contracts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { noticeAttachUsage } from '../../desk/notice/notice.usage.ts';

/**
 * Something that may point at a stored file (a rich-text field's images and audio, a courseware's file ...).
 * `find` answers "where, in this tenant, is a file with this link used?" with the titles of those places.
 */
export interface AttachUsage {
  /** What the places are called, e.g. 通知公告 / Notice. */
  label: Record<Locale, string>;
  find(db: Db, tenantId: string, link: string): Promise<string[]>;
}

/** Every module whose rows can hold an attachment's link registers here; removal asks each of them. */
export const attachUsages: AttachUsage[] = [noticeAttachUsage];

/** At most this many places are named in the refusal. */
const NAMED = 3;

/** Where these files are used, as `通知公告《期末考试安排》` phrases; empty when nowhere. */
export async function placesUsing(
  db: Db,
  locale: Locale,
  tenantId: string,
  links: string[],
  usages: AttachUsage[] = attachUsages,
): Promise<string[]> {
  const places: string[] = [];
  for (const link of links) {
    for (const usage of usages) {
      for (const title of await usage.find(db, tenantId, link)) {
        places.push(locale === 'zh' ? `${usage.label.zh}《${title}》` : `${usage.label.en} "${title}"`);
      }
    }
  }
  return [...new Set(places)];
}

/** Refuses (400) to remove files that are still in use, naming where. */
export async function assertUnused(
  db: Db,
  locale: Locale,
  tenantId: string,
  rows: { link: string }[],
  usages: AttachUsage[] = attachUsages,
): Promise<void> {
  const places = await placesUsing(
    db,
    locale,
    tenantId,
    rows.map((r) => r.link),
    usages,
  );
  if (places.length === 0) return;
  const more =
    places.length > NAMED ? (locale === 'zh' ? ` 等 ${places.length} 处` : ` and ${places.length - NAMED} more`) : '';
  throw badRequest('attach.inUse', { places: places.slice(0, NAMED).join(locale === 'zh' ? '、' : ', ') + more });
}
