import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FileExt, INLINE_EXTS } from '@shixun/contracts';
import { OBJECT_KEY } from '../../core/files/storage.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';

/**
 * `GET /files/<key>`: the local disk's files. A link is a capability (its random part cannot be guessed), so no
 * token is asked for, which lets <img>, <audio>, <video> and the PDF viewer load it. Only keys of the shape we
 * generate are served; the content type comes from the extension we chose from the file's content; only kinds a
 * browser shows safely are inline, the rest download, and nothing is ever sniffed into HTML. Ranges are honoured,
 * so audio and video can seek.
 */
export async function storedFileRoutes(app: TypedApp, filesDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    allowedPath: (pathname) => OBJECT_KEY.test(pathname.replace(/^\//, '')),
    setHeaders: (res, file) => {
      const ext = path.extname(file).slice(1).toLowerCase() as FileExt;
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'private, max-age=86400');
      res.header('content-disposition', INLINE_EXTS.includes(ext) ? 'inline' : 'attachment');
      // Even a document opened on its own cannot run script or reach anything.
      if (ext !== 'pdf') res.header('content-security-policy', "default-src 'none'; media-src 'self'; img-src 'self'");
    },
  });
}
