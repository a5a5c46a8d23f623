import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { session } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { sha256 } from './md5.ts';

/** A replay of the previous refresh token this soon after rotation is two tabs racing, not theft. */
const RACE_GRACE_MS = 10_000;

export interface NewSession {
  sessionId: string;
  refreshToken: string;
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionInput {
  tenantId: string;
  userId: string;
  clientId: string;
  refreshTtlSeconds: number;
  userAgent: string;
  ip: string;
}

/** A new session's row and the refresh token it hands out (the row holds only the token's hash). */
export function newSession(input: SessionInput): {
  row: typeof session.$inferInsert & { id: string };
  refreshToken: string;
} {
  const refreshToken = newRefreshToken();
  return {
    refreshToken,
    row: {
      id: newId(),
      tenantId: input.tenantId,
      userId: input.userId,
      clientId: input.clientId,
      refreshHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + input.refreshTtlSeconds * 1000),
      userAgent: input.userAgent.slice(0, 500),
      ip: input.ip.slice(0, 64),
    },
  };
}

export async function createSession(db: Db, input: SessionInput): Promise<NewSession> {
  const { row, refreshToken } = newSession(input);
  await db.insert(session).values(row);
  return { sessionId: row.id, refreshToken };
}

export type RotateResult =
  | { ok: true; sessionId: string; userId: string; tenantId: string; clientId: string; refreshToken: string }
  | { ok: false };

/**
 * Swap a refresh token for a new one in one atomic update. Presenting an already-rotated token (outside the short
 * race window) means it was copied: the whole session is revoked.
 */
export async function rotateRefreshToken(db: Db, presented: string, clientId: string): Promise<RotateResult> {
  const oldHash = sha256(presented);
  const refreshToken = newRefreshToken();
  const [row] = await db
    .update(session)
    .set({ refreshHash: sha256(refreshToken), previousRefreshHash: oldHash, refreshTime: new Date() })
    .where(
      and(
        eq(session.refreshHash, oldHash),
        eq(session.clientId, clientId),
        isNull(session.revokedAt),
        gt(session.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (row) {
    return {
      ok: true,
      sessionId: row.id,
      userId: row.userId,
      tenantId: row.tenantId,
      clientId: row.clientId,
      refreshToken,
    };
  }
  const [reused] = await db.select().from(session).where(eq(session.previousRefreshHash, oldHash));
  if (reused && !reused.revokedAt && Date.now() - reused.refreshTime.getTime() > RACE_GRACE_MS) {
    await revokeSession(db, reused.id);
  }
  return { ok: false };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}

/** Ends every session of a user (password change, disabling, deletion). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.userId, userId), isNull(session.revokedAt)));
}
