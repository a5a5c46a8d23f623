import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FILE_KINDS } from '@shixun/contracts';
import type { FileStore } from '../files/file-store.ts';
import { OBJECT_KEY } from '../files/storage.ts';
import type { PictureSource } from './rich-runs.ts';

/**
 * The bytes of a file of this tenant stored on the local disk, by the link rich text holds (`/files/<key>`), for
 * a Word export. Anything else — another tenant's file, a link that is not ours, a bucket's file, a file gone —
 * is undefined, and the writer names the picture instead.
 */
export function readStoredFile(files: FileStore, tenantId: string): (link: string) => Promise<Buffer | undefined> {
  return async (link) => {
    const key = link.startsWith('/files/') ? link.slice('/files/'.length) : '';
    if (!OBJECT_KEY.test(key) || !key.startsWith(`${tenantId}/`)) return undefined;
    try {
      return await readFile(path.join(files.filesDir, ...key.split('/')));
    } catch {
      return undefined;
    }
  };
}

/** The tenant's stored pictures (readStoredFile) with their type from the file's extension. */
export function storedPictures(files: FileStore, tenantId: string): PictureSource {
  const read = readStoredFile(files, tenantId);
  return {
    async load(link) {
      const bytes = await read(link);
      if (!bytes) return undefined;
      const ext = link.slice(link.lastIndexOf('.') + 1) as keyof typeof FILE_KINDS;
      return { bytes, contentType: FILE_KINDS[ext]?.mime ?? 'application/octet-stream' };
    },
  };
}
