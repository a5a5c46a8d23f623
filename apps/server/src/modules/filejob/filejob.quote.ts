import type { FilejobQuote } from '@shixun/contracts';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { filejob } from '../../db/schema/index.ts';
import { filejobPolicy } from './filejob.policy.ts';

/**
 * `quote` (引用): a job the caller may read — shared with them or published — copied as their own private job;
 * `source_id` records where it came from. The original never changes through the copy, and its shares stay with it.
 */
export function quoteJob(db: Db, p: Principal, input: FilejobQuote): Promise<string> {
  return filejobPolicy.quote(db, p, input.id, async (tx, source) => {
    const now = new Date();
    const id = newId();
    await tx.insert(filejob).values({
      ...source,
      id,
      tenantId: p.tenantId,
      title: input.title || source.title,
      isPublic: 0,
      sourceId: source.id,
      createUser: p.userId,
      createDept: p.deptId,
      createTime: now,
      updateUser: p.userId,
      updateTime: now,
    });
    return id;
  });
}
