import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type JSZip from 'jszip';
import { PNG } from 'pngjs';
import { ConversionFailed, hardenProfile, runSoffice } from '../../../core/files/soffice.ts';
import { metafileExtOf } from './pictures.ts';

/**
 * MathType formulas (and old Word drawings) are stored as WMF/EMF pictures, which browsers cannot show. Where
 * LibreOffice is installed, all of a document's metafiles become PNG in one soffice run (one start: seconds, not
 * seconds a picture), in a private directory under the system's temporary directory that is always removed. Draw
 * puts each on an A4 page; the PNG is cut to what is drawn on it.
 */

/** Within the import worker's 60 s, after reading the file; a run past it is killed and its pictures are lost. */
export const METAFILE_TIME_LIMIT_MS = 30_000;
/** White space kept around what is drawn, in pixels. */
const MARGIN = 2;

/** A metafile's identity among the pictures mammoth hands over: the hash of its bytes. */
export function metafileKey(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The metafiles of a Word package (its parts under word/ told by their bytes), converted: PNG by metafileKey.
 * Empty without soffice or metafiles; a metafile missing from the map could not be converted (the run failed or
 * ran out of time, or LibreOffice could not read it).
 */
export async function convertMetafiles(
  zip: JSZip,
  soffice: string | null,
  timeoutMs = METAFILE_TIME_LIMIT_MS,
): Promise<Map<string, Buffer>> {
  const converted = new Map<string, Buffer>();
  if (!soffice) return converted;
  const found = new Map<string, { bytes: Buffer; ext: 'wmf' | 'emf' }>();
  for (const entry of zip.filter(
    (name, file) => !file.dir && name.startsWith('word/') && !/\.(xml|rels)$/i.test(name),
  )) {
    const bytes = await entry.async('nodebuffer');
    const ext = metafileExtOf(bytes);
    if (ext) found.set(metafileKey(bytes), { bytes, ext });
  }
  if (found.size === 0) return converted;

  const dir = await mkdtemp(path.join(tmpdir(), 'shixun-metafile-'));
  try {
    const profile = path.join(dir, 'profile');
    const inDir = path.join(dir, 'in');
    const outDir = path.join(dir, 'out');
    await hardenProfile(profile);
    await mkdir(inDir);
    await mkdir(outDir);
    const keys = [...found.keys()];
    // Fixed names: LibreOffice names each output after its input.
    const sources = keys.map((key, i) => path.join(inDir, `picture-${i}.${found.get(key)!.ext}`));
    for (const [i, key] of keys.entries()) await writeFile(sources[i]!, found.get(key)!.bytes);
    try {
      await runSoffice(soffice, { profile, outDir, source: sources, to: 'png', timeoutMs });
    } catch (e) {
      // Anything else (no process could start …) is the server's failure, not the document's.
      if (!(e instanceof ConversionFailed)) throw e;
      return converted;
    }
    const written = new Set(await readdir(outDir));
    for (const [i, key] of keys.entries()) {
      const name = `picture-${i}.png`;
      if (!written.has(name)) continue;
      const png = cropped(await readFile(path.join(outDir, name)));
      if (png) converted.set(key, png);
    }
    return converted;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PNG cut to what is drawn on it (not white, not transparent), with a small margin; undefined when unreadable. */
export function cropped(bytes: Buffer): Buffer | undefined {
  let page: PNG;
  try {
    page = PNG.sync.read(bytes);
  } catch {
    return undefined;
  }
  const { width, height, data } = page;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = data[i + 3]! > 16 && (data[i]! < 248 || data[i + 1]! < 248 || data[i + 2]! < 248);
      if (!ink) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  // Nothing drawn: the page as it is.
  if (right < 0) return bytes;
  left = Math.max(0, left - MARGIN);
  top = Math.max(0, top - MARGIN);
  right = Math.min(width - 1, right + MARGIN);
  bottom = Math.min(height - 1, bottom + MARGIN);
  const out = new PNG({ width: right - left + 1, height: bottom - top + 1 });
  PNG.bitblt(page, out, left, top, out.width, out.height, 0, 0);
  return PNG.sync.write(out);
}
