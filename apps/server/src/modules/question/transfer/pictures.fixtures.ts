import { createHash } from 'node:crypto';
import type { PictureSource } from '../../../core/docx/rich-runs.ts';
import type { PictureSink } from './types.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Pictures kept in memory, addressed by their content: saving what was loaded gives back the same URL. */
export function memoryPictures() {
  const store = new Map<string, { bytes: Buffer; contentType: string }>();
  const sink: PictureSink = {
    async save(bytes, contentType) {
      const url = `/files/000000/${createHash('sha1').update(bytes).digest('hex')}.png`;
      store.set(url, { bytes, contentType });
      return url;
    },
  };
  const source: PictureSource = { load: async (url) => store.get(url) };
  return { store, sink, source };
}
