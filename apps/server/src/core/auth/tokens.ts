import { randomBytes, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import { setting } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';

const ISSUER = 'shixun';
/** Link tokens (a class QR code) have their own issuer, so one can never pass as an access token. */
const LINK_ISSUER = 'shixun:link';
const SECRET_KEY = 'jwt.secret';

/** What an access token says: ids only. Roles and permissions are always read from the database. */
export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
}

/** How many verified access tokens are remembered (about 200 bytes each). */
const VERIFIED_MAX = 20_000;

export class TokenService {
  /**
   * Access tokens verified lately, by their exact text, with their expiry: every request presents one, and checking
   * its signature costs more than the rest of a small request. Only a token that passed is remembered, so a forged or
   * altered one (other text) is always checked; an expired one is refused as before. Revocation is the session's
   * business (core/access/session-cache.ts), not the token's.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expires: number }>();

  private constructor(private readonly key: webcrypto.CryptoKey) {}

  /**
   * The secret as a WebCrypto key, imported once: handed the raw bytes, jose imports them again for every token it
   * signs or checks, which triples the cost of each.
   */
  private static async withSecret(secret: string): Promise<TokenService> {
    const raw = new TextEncoder().encode(secret);
    const key = await webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return new TokenService(key);
  }

  /** JWT_SECRET when configured, else a per-installation secret generated once and kept in the database. */
  static async create(db: Db, configured: string | undefined): Promise<TokenService> {
    if (configured) return TokenService.withSecret(configured);
    await db
      .insert(setting)
      .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(setting).where(eq(setting.key, SECRET_KEY));
    if (!row || Buffer.byteLength(row.value) < 32) throw new Error('JWT secret missing or too short');
    return TokenService.withSecret(row.value);
  }

  sign(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** A signed, expiring token for a link with one purpose (`audience`), carrying a few string claims. */
  signLink(purpose: string, claims: Record<string, string>, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(LINK_ISSUER)
      .setAudience(purpose)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a link token for this purpose, or null (forged, expired, another purpose, an access token). */
  async verifyLink(
    purpose: string,
    token: string,
  ): Promise<{ claims: Record<string, unknown>; expiresAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: LINK_ISSUER,
        audience: purpose,
      });
      return { claims: payload, expiresAt: new Date((payload.exp ?? 0) * 1000) };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }

  /** Null for anything but a well-formed, unexpired HS256 token signed with our key. */
  async verify(token: string): Promise<AccessClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() < hit.expires) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      const { sub, tid, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string') return null;
      if (!/^\d+$/.test(sub) || !/^\d+$/.test(sid)) return null;
      const claims = { userId: sub, tenantId: tid, sessionId: sid };
      if (exp) {
        if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, expires: exp * 1000 });
      }
      return claims;
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
