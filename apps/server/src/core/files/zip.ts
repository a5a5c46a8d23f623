import { inflateRawSync } from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** True when the bytes start like a zip archive (an xlsx is one): `PK\x03\x04`. */
export function looksLikeZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === LOCAL;
}

/**
 * Why an archive is refused: cut short or inconsistent (`damaged`); zip64, encrypted entries or a compression
 * other than stored/deflated (`unsupported`); more entries or unpacked bytes than allowed.
 */
export type ZipProblem = 'damaged' | 'unsupported' | 'tooManyEntries' | 'tooLarge';

/**
 * Inflates every entry of a zip with a ceiling on the number of entries and on the total output, before any parser
 * gets to see it: a small upload that unpacks to gigabytes (a zip bomb) is refused instead of exhausting memory.
 * The declared sizes are not trusted; the ceiling applies to what actually comes out. Undefined when the archive
 * is whole and within the limits.
 */
export function zipProblem(buf: Buffer, limits: { maxBytes: number; maxEntries: number }): ZipProblem | undefined {
  try {
    const end = findEnd(buf);
    if (end < 0) return 'damaged';
    const entries = buf.readUInt16LE(end + 10);
    if (entries > limits.maxEntries) return 'tooManyEntries';
    let at = buf.readUInt32LE(end + 16);
    let budget = limits.maxBytes;
    for (let i = 0; i < entries; i++) {
      if (buf.readUInt32LE(at) !== CENTRAL) return 'damaged';
      const encrypted = (buf.readUInt16LE(at + 8) & 1) === 1;
      const method = buf.readUInt16LE(at + 10);
      const compressed = buf.readUInt32LE(at + 20);
      const local = buf.readUInt32LE(at + 42);
      if (encrypted || compressed === 0xffffffff || local === 0xffffffff) return 'unsupported';
      if (method !== 0 && method !== 8) return 'unsupported';
      if (buf.readUInt32LE(local) !== LOCAL) return 'damaged';
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + compressed);
      if (data.length !== compressed) return 'damaged';
      let size = compressed;
      if (method === 8) {
        try {
          size = inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
        } catch (e) {
          // Output over the ceiling is a RangeError; anything else is a broken deflate stream.
          return e instanceof RangeError ? 'tooLarge' : 'damaged';
        }
      }
      budget -= size;
      if (budget < 0) return 'tooLarge';
      at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    }
    return undefined;
  } catch {
    // Offsets that point outside the buffer: a truncated or forged archive.
    return 'damaged';
  }
}

/** Offset of the end-of-central-directory record, searched from the end (it may be followed by a comment). */
function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === END) return i;
  return -1;
}
