import { inflateRawSync } from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** True when the bytes start like a zip archive (an xlsx is one): `PK\x03\x04`. */
export function looksLikeZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === LOCAL;
}

/**
 * Inflates every entry of a zip with a ceiling on the total output, before any parser gets to see it: a small
 * upload that unpacks to gigabytes (a zip bomb) is refused instead of exhausting memory. The declared sizes are not
 * trusted; the ceiling applies to what actually comes out. False for anything that is not a plain zip
 * (stored/deflated entries, no zip64).
 */
export function unzipsWithin(buf: Buffer, maxBytes: number): boolean {
  try {
    const end = findEnd(buf);
    if (end < 0) return false;
    const entries = buf.readUInt16LE(end + 10);
    let at = buf.readUInt32LE(end + 16);
    let budget = maxBytes;
    for (let i = 0; i < entries; i++) {
      if (buf.readUInt32LE(at) !== CENTRAL) return false;
      const method = buf.readUInt16LE(at + 10);
      const compressed = buf.readUInt32LE(at + 20);
      const local = buf.readUInt32LE(at + 42);
      if (compressed === 0xffffffff || local === 0xffffffff) return false;
      if (buf.readUInt32LE(local) !== LOCAL) return false;
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + compressed);
      if (data.length !== compressed) return false;
      let size: number;
      if (method === 0) size = compressed;
      else if (method === 8) size = inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      else return false;
      budget -= size;
      if (budget < 0) return false;
      at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    }
    return true;
  } catch {
    // Truncated archives, bad offsets and output over the ceiling (RangeError) all mean: refuse.
    return false;
  }
}

/** Offset of the end-of-central-directory record, searched from the end (it may be followed by a comment). */
function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === END) return i;
  return -1;
}
