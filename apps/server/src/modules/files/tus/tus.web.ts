import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request as the web `Request` @tus/server handles (`handleWeb`): its own answer comes back to us instead of
 * going to the socket, so a finished upload is stored, and any refusal answered, by the usual Fastify path (the one
 * error handler, the caller's language). `headers` replaces some of the caller's (the checked metadata).
 */
export function webRequestOf(req: FastifyRequest, headers: Record<string, string> = {}): Request {
  const all = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') all.set(name, value);
    else if (Array.isArray(value)) all.set(name, value.join(', '));
  }
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  const hasBody = req.method === 'PATCH' || req.method === 'POST';
  // The body is never read by Fastify here (tus.routes.ts's content-type parser): tus streams it to the disk.
  return new Request(`http://localhost${req.url}`, {
    method: req.method,
    headers: all,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Sends @tus/server's answer through Fastify. Its bodies are short texts (tus errors), never file content. */
export async function sendWeb(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  reply.status(res.status);
  for (const [name, value] of res.headers) {
    if (name !== 'content-length') reply.header(name, value);
  }
  const body = await res.text();
  return reply.send(body || undefined);
}
