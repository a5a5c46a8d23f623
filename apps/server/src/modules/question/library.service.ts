import type { LibOption, ShareAccess } from '@shixun/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { question, questionLib } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { copyQuestions } from './question.copy.ts';

/**
 * 引用: a library the caller may read (shared, public, or their own) copied with its questions into a new library of
 * theirs, keeping `source_id`; another teacher's private library answers 404, like one that does not exist.
 */
export function quoteLibrary(
  db: Db,
  p: Principal,
  input: { id: string; name?: string | undefined },
): Promise<{ id: string; name: string; count: number }> {
  return libraryPolicy.quote(db, p, input.id, async (tx, source) => {
    const now = new Date();
    const [copy] = await tx
      .insert(questionLib)
      .values({
        id: newId(),
        tenantId: p.tenantId,
        name: input.name || source.name,
        discipline: source.discipline,
        remark: source.remark,
        sourceId: source.id,
        createUser: p.userId,
        createDept: p.deptId,
        createTime: now,
        updateUser: p.userId,
        updateTime: now,
      })
      .returning();
    const top = await tx
      .select({ id: question.id })
      .from(question)
      .where(and(eq(question.libId, source.id), eq(question.isDeleted, 0), eq(question.parentId, '0')));
    const count = await copyQuestions(
      tx,
      p,
      top.map((q) => q.id),
      copy!.id,
    );
    return { id: copy!.id, name: copy!.name, count };
  });
}

/** The libraries a picker offers: those the caller may read, or add questions to (`edit`), newest first. */
export async function pickableLibraries(db: Db, p: Principal, mode: ShareAccess): Promise<LibOption[]> {
  const who = await libraryPolicy.reader(db, p);
  const rows = await db
    .select()
    .from(questionLib)
    .where(and(eq(questionLib.tenantId, p.tenantId), eq(questionLib.isDeleted, 0), libraryPolicy.condition(who, mode)))
    .orderBy(desc(questionLib.updateTime), asc(questionLib.id))
    .limit(500);
  const access = await libraryPolicy.access(db, who, rows);
  return rows.map((r) => ({ id: r.id, name: r.name, discipline: r.discipline, access: access.get(r.id)! }));
}
