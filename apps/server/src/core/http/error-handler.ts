import { fieldLabel, isMessageKey, type Locale, translate } from '@shixun/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { localeOf } from './locale.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './unavailable.ts';

/** Fastify's codes for a body that is not the JSON it claims to be. */
const BAD_JSON = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * A value the database could not take (class 22: a number out of range, a malformed date ...): it came from the
 * request, so it is the client's mistake; validation should have caught it first, so it is logged too.
 */
function isDataException(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

type Issue = { path: PropertyKey[]; message: string; code?: string; input?: unknown };

/** One validation issue → a sentence that names the field in the caller's language. */
export function describeIssue(locale: Locale, issue: Issue): string {
  // An item of a list is named by its list (`selectedRelas`, not `0`).
  const field = String(issue.path.findLast((k) => typeof k === 'string' && !/^\d+$/.test(k)) ?? '');
  const label = fieldLabel(locale, field);
  if (isMessageKey(issue.message)) return translate(locale, issue.message, { field: label });
  const missing =
    issue.code === 'invalid_type' && (issue.input === undefined || /received undefined/.test(issue.message));
  return translate(locale, missing ? 'validation.required' : 'validation.invalid', { field: label });
}

/**
 * Every error leaves as the one envelope. Messages for users come from the shared catalog; a database out of reach
 * is a 503 with Retry-After (unavailable.ts); anything unexpected becomes a generic 500 with the request id — never
 * a stack or SQL text.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = localeOf(req);
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(failure(error.status, translate(locale, error.key, error.params), error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first
        ? describeIssue(locale, {
            path: first.instancePath.split('/').filter(Boolean),
            message: first.message ?? '',
            code: first.keyword,
            input: (first.params as { input?: unknown }).input,
          })
        : translate(locale, 'http.badRequest');
      return reply.status(400).send(failure(400, msg));
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const msg = issue ? describeIssue(locale, issue) : translate(locale, 'http.badRequest');
      return reply.status(400).send(failure(400, msg));
    }
    if (BAD_JSON.has(error.code)) return reply.status(400).send(failure(400, translate(locale, 'http.badJson')));
    if (isDatabaseUnavailable(error)) {
      // One line per refused request, without a stack: an outage refuses many at once.
      req.log.warn({ reason: error.message }, 'database unavailable: answered 503');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(failure(503, translate(locale, 'http.unavailable')));
    }
    if (isDataException(error)) {
      req.log.warn({ err: error }, 'a value the database refused reached it unvalidated');
      return reply.status(400).send(failure(400, translate(locale, 'http.badRequest')));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const size = `${Math.floor((req.routeOptions.bodyLimit ?? 0) / 1024)} KB`;
      return reply.status(413).send(failure(413, translate(locale, 'http.bodyTooLarge', { size })));
    }
    if (status === 413) return reply.status(413).send(failure(413, translate(locale, 'http.tooLarge')));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, our words.
      return reply.status(400).send(failure(400, translate(locale, 'http.badRequest')));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(500, translate(locale, 'http.serverError', { requestId: req.id })));
  });
}
