import { randomBytes } from 'node:crypto';
import { FILE_KINDS } from '@shixun/contracts';
import { sanitizeRichText } from '../../../core/html/sanitize.ts';
import type { PictureSink } from './types.ts';

/**
 * The pictures of an import file: held in memory while the file is read, named in the question text by
 * placeholders, shown inline in the preview and stored when the import is confirmed.
 */

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';

/**
 * The picture kinds an upload may be (the images of FILE_KINDS: no SVG, which can carry script; no EMF/WMF, which
 * browsers do not show), told by their first bytes. Undefined for anything else.
 */
export function imageExtOf(bytes: Uint8Array): ImageExt | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

/**
 * A Windows metafile, as MathType and old Word versions store formulas and drawings: WMF (placeable, or starting
 * with its header: type 1 or 2, nine words long) or EMF (its first record the header, " EMF" at byte 40). Browsers
 * cannot show either; the import turns them into PNG where it can (metafile-png.ts).
 */
export function metafileExtOf(bytes: Uint8Array): 'wmf' | 'emf' | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 22 && b.readUInt32LE(0) === 0x9ac6cdd7) return 'wmf';
  if (b.length >= 18 && (b.readUInt16LE(0) === 1 || b.readUInt16LE(0) === 2) && b.readUInt16LE(2) === 9) {
    const version = b.readUInt16LE(4);
    if (version === 0x0100 || version === 0x0300) return 'wmf';
  }
  if (b.length >= 44 && b.readUInt32LE(0) === 1 && b.toString('latin1', 40, 44) === ' EMF') return 'emf';
  return undefined;
}

export interface ImportPicture {
  bytes: Buffer;
  name: string;
}

/**
 * Collects the pictures met while reading a file. Each is named in the text by `<prefix><index>`: random per file,
 * so a document cannot write a placeholder of its own, and a relative path, which the sanitiser keeps as it keeps
 * links to our own files (a made-up scheme would be dropped).
 */
export class PictureCollector implements PictureSink {
  readonly pictures: ImportPicture[] = [];
  readonly prefix = `/import-picture/${randomBytes(12).toString('hex')}/`;

  async save(bytes: Buffer, _contentType: string, name: string): Promise<string> {
    this.pictures.push({ bytes, name });
    return `${this.prefix}${this.pictures.length - 1}`;
  }
}

/** Every placeholder of `prefix` (letters, digits and slashes only) in HTML, replaced by `to(index)`. */
export function replacePictures(html: string, prefix: string, to: (index: number) => string): string {
  return html.replace(new RegExp(`${prefix}(\\d+)`, 'g'), (_, i: string) => to(Number(i)));
}

/**
 * Question text of an import as the preview shows it: through the sanitiser saved text goes through, with each
 * picture inline as a `data:` URL of the type its bytes show — only a picture of an accepted kind; the others are
 * left out, as they are when the import is saved.
 */
export function previewHtml(html: string, read: { pictures: ImportPicture[]; prefix: string }): string {
  const types = read.pictures.map((p) => imageExtOf(p.bytes));
  const known = replacePictures(html, read.prefix, (i) => (types[i] ? `${read.prefix}${i}` : 'about:blank'));
  return sanitizeRichText(known, [read.prefix]).replace(new RegExp(`src="${read.prefix}(\\d+)"`, 'g'), (_, i) => {
    const n = Number(i);
    return `src="data:${FILE_KINDS[types[n]!].mime};base64,${read.pictures[n]!.bytes.toString('base64')}"`;
  });
}
