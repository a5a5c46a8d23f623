import type { noticeFormSchema } from '@shixun/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { sanitizeRichText } from '../../../core/html/sanitize.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { dict, type notice } from '../../../db/schema/index.ts';

/** Rich text is cleaned before it is stored (original-stack §3 row 7: stored XSS through notice/submit). */
export const noticeHooks: ResourceHooks<typeof noticeFormSchema, typeof notice.$inferSelect> = {
  async beforeSave({ db, values, existing, files, principal }) {
    if (typeof values.content === 'string') {
      values.content = sanitizeRichText(values.content, await files.mediaPrefixes(db, principal.tenantId));
    }
    // A category must be one the `notice` dictionary offers; one kept from before may since have been sealed.
    if (values.category !== undefined && values.category !== existing?.category) {
      const [item] = await db
        .select({ id: dict.id })
        .from(dict)
        .where(
          and(
            eq(dict.code, 'notice'),
            ne(dict.parentId, '0'),
            eq(dict.dictKey, String(values.category)),
            eq(dict.isDeleted, 0),
            eq(dict.isSealed, 0),
          ),
        )
        .limit(1);
      if (!item) throw badRequest('notice.category.invalid');
    }
  },
};
