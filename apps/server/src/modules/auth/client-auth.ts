import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sha256 } from '../../core/auth/md5.ts';
import { verifyPassword } from '../../core/auth/passwords.ts';
import type { Db } from '../../core/db/client.ts';
import { prepared } from '../../core/db/statements.ts';
import { AppError } from '../../core/http/errors.ts';
import { client } from '../../db/schema/index.ts';

export interface ClientApp {
  clientId: string;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/** How many (client, secret) pairs that passed are remembered: a few per client application in use. */
const REMEMBERED_MAX = 1000;

/**
 * Client secrets that passed their argon2 check. The secret of a browser app is public and comes with every sign-in,
 * where checking it would cost as much as checking the password; so a pair that passed is checked once. The key
 * holds the stored hash, read afresh at every sign-in: a new secret (a new hash) is checked anew and the old one no
 * longer matches, and a client removed or disabled has no row. A secret that failed is never remembered; the secret
 * itself is not kept, only a digest.
 */
export class ClientSecrets {
  private readonly passed = new Set<string>();

  constructor(private readonly verify: (hash: string, secret: string) => Promise<boolean> = verifyPassword) {}

  async matches(clientId: string, storedHash: string, secret: string): Promise<boolean> {
    const key = sha256(`${clientId}\n${storedHash}\n${secret}`);
    if (this.passed.has(key)) return true;
    if (!(await this.verify(storedHash, secret))) return false;
    if (this.passed.size >= REMEMBERED_MAX) this.passed.delete(this.passed.values().next().value!);
    this.passed.add(key);
    return true;
  }
}

const secrets = new ClientSecrets();

const liveClientQuery = prepared((db) =>
  db
    .select({
      clientId: client.clientId,
      clientSecretHash: client.clientSecretHash,
      authorizedGrantTypes: client.authorizedGrantTypes,
      accessTokenValidity: client.accessTokenValidity,
      refreshTokenValidity: client.refreshTokenValidity,
    })
    .from(client)
    .where(and(eq(client.clientId, sql.placeholder('clientId')), eq(client.isDeleted, 0), eq(client.status, 1)))
    .prepare('auth_live_client'),
);

/** The calling application, from `Authorization: Basic base64(clientId:clientSecret)`. */
export async function authenticateClient(db: Db, req: FastifyRequest): Promise<ClientApp> {
  const header = req.headers.authorization ?? '';
  const match = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) throw new AppError(401, 'auth.noClient');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new AppError(401, 'auth.badClient');
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const [row] = await liveClientQuery(db).execute({ clientId });
  // Client secrets are hashed like passwords; the same verifier serves both.
  if (!row || !(await secrets.matches(row.clientId, row.clientSecretHash, secret))) {
    throw new AppError(401, 'auth.badClient');
  }
  return {
    clientId: row.clientId,
    grantTypes: row.authorizedGrantTypes.split(',').map((g) => g.trim()),
    accessTokenValidity: row.accessTokenValidity,
    refreshTokenValidity: row.refreshTokenValidity,
  };
}
