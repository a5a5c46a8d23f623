import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One entry of a streamed zip: its path inside the archive and how to open its bytes when the zip reaches it. */
export interface ZipEntry {
  name: string;
  open(): Promise<AsyncIterable<Buffer | Uint8Array>>;
}

const UTF8_AND_DESCRIPTOR = 0x0808; // bit 11: names in UTF-8; bit 3: sizes and CRC follow the data
const MAX = 0xffffffff;

/**
 * A zip written as it is read (entries stored, not compressed: hand-ins are PDFs, pictures and Office files, which
 * are compressed already): one file open at a time, whatever the class's total — the sizes and CRC of each entry
 * follow its bytes (data descriptors), so nothing is buffered. No zip64: an archive stops at 4 GB.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  async function* generate() {
    const central: Buffer[] = [];
    let offset = 0;
    const time = dosTime(new Date());
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt32LE(time, 10);
      local.writeUInt16LE(name.length, 26);
      yield local;
      yield name;
      let crc = 0;
      let size = 0;
      for await (const chunk of await entry.open()) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        crc = crc32(buf, crc);
        size += buf.length;
        yield buf;
      }
      if (size > MAX || offset > MAX) throw new Error('zip too large (no zip64)');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(size, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;
      const head = Buffer.alloc(46);
      head.writeUInt32LE(0x02014b50, 0);
      head.writeUInt16LE(20, 4);
      head.writeUInt16LE(20, 6);
      head.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
      head.writeUInt32LE(time, 12);
      head.writeUInt32LE(crc >>> 0, 16);
      head.writeUInt32LE(size, 20);
      head.writeUInt32LE(size, 24);
      head.writeUInt16LE(name.length, 28);
      head.writeUInt32LE(offset, 42);
      central.push(head, name);
      offset += local.length + name.length + size + descriptor.length;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield directory;
    yield end;
  }
  return Readable.from(generate(), { objectMode: false });
}

/** MS-DOS date and time (local fields, as zip tools read them), time in the low half. */
function dosTime(d: Date): number {
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return ((date << 16) | time) >>> 0;
}
