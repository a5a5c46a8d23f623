import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { paper, paperQuestion, paperTitle } from '../../db/schema/index.ts';
import { paperQuestionRows } from './paper.compose.ts';
import type { PaperRow } from './paper.policy.ts';

/**
 * A copy of a paper as the caller's own, private, keeping `source_id`: its settings, sections and questions (the
 * same bank questions, with the same scores). In the caller's transaction; returns the copy's id.
 */
export async function copyPaper(db: Db, p: Principal, source: PaperRow, title: string): Promise<string> {
  const now = new Date();
  const audit = {
    tenantId: p.tenantId,
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  };
  const id = newId();
  await db.insert(paper).values({ ...source, ...audit, id, title, isPublic: 0, sourceId: source.id });
  const titles = await db
    .select()
    .from(paperTitle)
    .where(and(eq(paperTitle.paperId, source.id), eq(paperTitle.isDeleted, 0)))
    .orderBy(asc(paperTitle.sort));
  const ids = new Map<string, string>([['0', '0'], ...titles.map((t) => [t.id, newId()] as [string, string])]);
  if (titles.length) {
    await db
      .insert(paperTitle)
      .values(titles.map((t) => ({ ...t, ...audit, id: ids.get(t.id)!, paperId: id, parentId: ids.get(t.parentId)! })));
  }
  const rows = await paperQuestionRows(db, [source.id]);
  for (const r of rows) ids.set(r.id, newId());
  if (rows.length) {
    await db.insert(paperQuestion).values(
      rows.map((r) => ({
        ...r,
        ...audit,
        id: ids.get(r.id)!,
        paperId: id,
        titleId: ids.get(r.titleId)!,
        parentId: ids.get(r.parentId) ?? '0',
      })),
    );
  }
  return id;
}
