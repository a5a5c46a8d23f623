import type { ErrorLogEntry } from '@shixun/contracts';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { errorLog } from '../../db/schema/index.ts';

/** Query parameters and text that must never be stored: tokens (`?token=` links), OAuth codes, passwords. */
const SECRET_PARAMS = /([?&#](?:token|access_token|refresh_token|code|state|password|passwd|secret)=)[^&#\s]*/gi;
const BEARER = /\b(bearer\s+)[A-Za-z0-9._~+/=-]{12,}/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, '$1***').replace(BEARER, '$1***').replace(JWT, '***');
}

/**
 * The browser's error log stored as error logs of the caller's tenant and user, with the address and browser the
 * upload came from; secrets in addresses and messages are blanked first. Answers how many were stored.
 */
export async function storeErrorLogs(
  db: Db,
  p: Principal,
  logs: ErrorLogEntry[],
  origin: { ip: string; userAgent: string },
): Promise<number> {
  await db.insert(errorLog).values(
    logs.map((log) => ({
      id: newId(),
      tenantId: p.tenantId,
      userId: p.userId,
      type: log.type,
      url: redactSecrets(log.url),
      message: redactSecrets(log.message),
      stack: redactSecrets(log.stack),
      info: redactSecrets(log.info),
      clientTime: log.time,
      ip: origin.ip,
      userAgent: origin.userAgent,
    })),
  );
  return logs.length;
}
