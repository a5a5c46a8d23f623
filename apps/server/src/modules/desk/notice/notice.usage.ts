import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { notice } from '../../../db/schema/index.ts';
import type { AttachUsage } from '../../resource/attach/attach.usage.ts';

/** A notice uses a file when its rich-text content links to it (an image, an audio clip, a download link). */
export const noticeAttachUsage: AttachUsage = {
  label: { zh: '通知公告', en: 'Notice' },
  async find(db: Db, tenantId: string, link: string): Promise<string[]> {
    const rows = await db
      .select({ title: notice.title })
      .from(notice)
      // strpos, not LIKE: a link's characters are matched literally.
      .where(and(eq(notice.tenantId, tenantId), eq(notice.isDeleted, 0), sql`strpos(${notice.content}, ${link}) > 0`))
      .limit(10);
    return rows.map((r) => r.title);
  },
};
