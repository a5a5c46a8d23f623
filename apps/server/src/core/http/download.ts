import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 5987 value characters: everything else is percent-encoded (UTF-8). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` for a download: an ASCII `filename` every client understands, and `filename*` with the
 * real (e.g. Chinese) name for those that read RFC 5987. Neither can carry quotes, slashes or line breaks.
 */
export function attachment(asciiName: string, name: string): string {
  const ascii = asciiName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name.replace(/[\\/\r\n"]/g, '_'))}`;
}

/** Sends a file answer; personal data is never kept by caches on the way. */
export function sendDownload(
  reply: FastifyReply,
  file: { body: Buffer; type: string; asciiName: string; name: string },
): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', attachment(file.asciiName, file.name))
    .header('cache-control', 'no-store')
    .send(file.body);
}
