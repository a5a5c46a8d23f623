import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paper } from '../../db/schema/index.ts';
import { paperPolicy } from './paper.policy.ts';

/** The purpose a paper's QR link is signed for, so that no other signed link opens a paper. */
export const OPEN_PURPOSE = 'paper-open';

/**
 * What a paper's QR code opens, for a signed-in user of its tenant: the paper's name and type, and whether its
 * sharing lets them read it (the caller adds whether they hold `paper_view`); else 400 `paper.qrcode.invalid`.
 */
export async function openedPaper(db: Db, tokens: TokenService, p: Principal, code: string) {
  const verified = await tokens.verifyLink(OPEN_PURPOSE, code);
  const { tenantId, paperId } = verified?.claims ?? {};
  if (!verified || tenantId !== p.tenantId || typeof paperId !== 'string') throw badRequest('paper.qrcode.invalid');
  const live = and(eq(paper.tenantId, p.tenantId), eq(paper.id, paperId), eq(paper.isDeleted, 0));
  const [row] = await db.select().from(paper).where(live);
  if (!row) throw badRequest('paper.qrcode.invalid');
  const who = await paperPolicy.reader(db, p);
  const [readable] = await db
    .select({ id: paper.id })
    .from(paper)
    .where(and(live, paperPolicy.condition(who, 'read')));
  return { paperId: row.id, title: row.title, paperType: row.paperType, readable: Boolean(readable) };
}
