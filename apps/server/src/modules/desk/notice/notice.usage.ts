import { and, eq, sql } from 'drizzle-orm';
import type { Reference } from '../../../core/crud/references.ts';
import { notice } from '../../../db/schema/index.ts';

/** A notice uses a file when its rich-text content links to it (an image, an audio clip, a download link). */
export const noticeUsesAttach: Reference = {
  target: 'attach',
  label: { zh: '通知公告', en: 'Notice' },
  async find(db, tenantId, links) {
    const hits: { key: string; title: string }[] = [];
    for (const link of links) {
      const rows = await db
        .select({ title: notice.title })
        .from(notice)
        // strpos, not LIKE: a link's characters are matched literally.
        .where(and(eq(notice.tenantId, tenantId), eq(notice.isDeleted, 0), sql`strpos(${notice.content}, ${link}) > 0`))
        .limit(10);
      hits.push(...rows.map((r) => ({ key: link, title: r.title })));
    }
    return hits;
  },
};
