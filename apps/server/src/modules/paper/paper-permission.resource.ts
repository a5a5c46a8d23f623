import { paperPermissionFormSchema, paperPermissionSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { shareHooks } from '../../core/access/shares.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { paper, paperPermission } from '../../db/schema/index.ts';
import { contentReader } from '../question/question.api.ts';
import { mayManage, paperCondition } from './paper-access.ts';

type PermissionRow = typeof paperPermission.$inferSelect;

/** The papers whose shares this caller manages: their own (administrators: all of the tenant's). */
async function ownedPapers(db: Db, p: Principal): Promise<SQL> {
  const who = await contentReader(db, p);
  return and(
    eq(paper.tenantId, p.tenantId),
    eq(paper.isDeleted, 0),
    who.kind === 'admin' ? undefined : eq(paper.createUser, p.userId),
  )!;
}

/**
 * 试卷共享 (`/api/jd/pc/paper_permission`): a paper shared with one teacher (a user id) or a whole school, to read
 * (preview, download, quote) or to edit (settings, sections, questions). Only the paper's owner (or an
 * administrator) sees and changes its shares; the rules are every share table's (core/access/shares.ts).
 */
export const paperPermissionResource = defineResource({
  name: 'paper_permission',
  basePath: '/api/jd/pc/paper_permission',
  table: paperPermission,
  scope: 'tenant',
  async rowScope(db, p) {
    const owned = await ownedPapers(db, p);
    return inArray(paperPermission.paperId, db.select({ id: paper.id }).from(paper).where(owned));
  },
  form: paperPermissionFormSchema,
  filters: {
    paperId: filter.eqId(paperPermission.paperId),
    granteeType: filter.eqString(paperPermission.granteeType),
  },
  sorts: { createTime: paperPermission.createTime },
  defaultSort: [desc(paperPermission.createTime), desc(paperPermission.id)],
  unique: [{ fields: ['paperId', 'granteeType', 'granteeId'], message: 'paper.shared' }],
  constraintMessages: { paper_permission_grantee_uq: 'paper.shared' },
  hooks: shareHooks<typeof paperPermissionFormSchema, PermissionRow>({
    // A paper the caller may read but not manage (shared with them, published) is refused with 403; one they may
    // not read answers as a missing one.
    async target(db, p, next) {
      const who = await contentReader(db, p);
      const [row] = await db
        .select({ owner: paper.createUser })
        .from(paper)
        .where(
          and(
            eq(paper.tenantId, p.tenantId),
            eq(paper.isDeleted, 0),
            eq(paper.id, next.paperId),
            paperCondition(who, 'read'),
          ),
        );
      return row && { ...row, manages: mayManage(who, { createUser: row.owner }) };
    },
    messages: { invalid: 'paper.invalid', self: 'paper.shareSelf', ownerOnly: 'paper.ownerOnly' },
  }),
  present: presenter(paperPermissionSchema),
});
