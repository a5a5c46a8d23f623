import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where a stored object can be fetched: `link` = `domain` + '/' + key (BladeX's BladeFile). */
export interface ObjectLink {
  link: string;
  domain: string;
}

/** One place files are kept: the local disk (embedded default) or an S3-compatible bucket. */
export interface Storage {
  /** Moves a finished temporary file into the store under `key`. */
  put(key: string, file: string, meta: { size: number; contentType: string }): Promise<void>;
  remove(key: string): Promise<void>;
  read(key: string): Promise<Readable>;
  linkOf(key: string): ObjectLink;
}

/** Object keys we generate: `<tenant>/<yyyyMMdd>/<random>.<ext>` and nothing else ever reaches the disk. */
export const OBJECT_KEY = /^[0-9A-Za-z]{1,12}\/\d{8}\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,5}$/;

/** Files under `<DATA_DIR>/files`, served same-origin at `/files/<key>`. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are ours, but a path is built only from one that matches the one shape we generate.
    if (!OBJECT_KEY.test(key)) throw new Error(`not an object key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch (e) {
      // A temporary directory on another filesystem: copy instead (the caller removes its temporary file).
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      await copyFile(file, target);
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file); // a missing file is an error here, not later on the stream
    return createReadStream(file);
  }

  linkOf(key: string): ObjectLink {
    return { domain: '/files', link: `/files/${key}` };
  }
}
