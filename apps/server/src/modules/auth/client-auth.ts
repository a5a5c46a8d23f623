import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../../core/auth/passwords.ts';
import type { Db } from '../../core/db/client.ts';
import { AppError } from '../../core/http/errors.ts';
import { client } from '../../db/schema/index.ts';

export interface ClientApp {
  clientId: string;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

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
  const [row] = await db
    .select()
    .from(client)
    .where(and(eq(client.clientId, clientId), eq(client.isDeleted, 0), eq(client.status, 1)));
  // Client secrets are hashed like passwords; the same verifier serves both.
  if (!row || !(await verifyPassword(row.clientSecretHash, secret))) throw new AppError(401, 'auth.badClient');
  return {
    clientId: row.clientId,
    grantTypes: row.authorizedGrantTypes.split(',').map((g) => g.trim()),
    accessTokenValidity: row.accessTokenValidity,
    refreshTokenValidity: row.refreshTokenValidity,
  };
}
