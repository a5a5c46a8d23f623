import { type Locale, localeFrom } from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';

/** The caller's language, from Accept-Language (zh unless English is asked for). */
export function localeOf(req: FastifyRequest): Locale {
  return localeFrom(req.headers['accept-language']);
}
