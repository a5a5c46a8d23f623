/**
 * A picture's size in pixels from its header (PNG, JPEG, GIF, BMP): Word needs one for every picture it shows,
 * and question text rarely says.
 */
export function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  try {
    if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
      return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    }
    if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') {
      return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    }
    if (bytes.length >= 26 && bytes.toString('latin1', 0, 2) === 'BM') {
      return { width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
    }
    if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  } catch {
    // A truncated header: no size.
  }
  return undefined;
}

/** JPEG: walk the segments to the frame header (SOF0–SOF15 except DHT, JPG and DAC), which holds the size. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}
