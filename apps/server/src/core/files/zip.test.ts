import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { looksLikeZip, zipProblem } from './zip.ts';

/** A one-entry deflated zip whose headers claim `claimedSize` bytes unpacked, whatever the data really holds. */
function zipOf(content: Buffer, claimedSize = content.length): Buffer {
  const name = Buffer.from('xl/sharedStrings.xml');
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimedSize, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('zip guard', () => {
  const bomb = zipOf(Buffer.alloc(20 * 1024 * 1024));
  const within = (maxBytes: number) => ({ maxBytes, maxEntries: 100 });

  it('lets a real xlsx through', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a', 'b']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(looksLikeZip(file)).toBe(true);
    expect(zipProblem(file, within(1024 * 1024))).toBeUndefined();
  });

  it('refuses what unpacks past the ceiling, small as the upload is', () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(zipProblem(bomb, within(64 * 1024 * 1024))).toBeUndefined();
    expect(zipProblem(bomb, within(10 * 1024 * 1024))).toBe('tooLarge');
  });

  it('does not believe the sizes the headers claim', () => {
    expect(zipProblem(zipOf(Buffer.alloc(20 * 1024 * 1024), 10), within(10 * 1024 * 1024))).toBe('tooLarge');
  });

  it('refuses more entries than allowed, before unpacking any', () => {
    expect(zipProblem(bomb, { maxBytes: 64 * 1024 * 1024, maxEntries: 0 })).toBe('tooManyEntries');
  });

  it('refuses encrypted entries and compression it does not know', () => {
    const encrypted = Buffer.from(bomb);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, central + 8);
    expect(zipProblem(encrypted, within(64 * 1024 * 1024))).toBe('unsupported');
    const bzip2 = Buffer.from(bomb);
    bzip2.writeUInt16LE(12, central + 10);
    expect(zipProblem(bzip2, within(64 * 1024 * 1024))).toBe('unsupported');
  });

  it('refuses what is not a complete zip', () => {
    expect(looksLikeZip(Buffer.from('account,name\n'))).toBe(false);
    expect(zipProblem(bomb.subarray(0, bomb.length - 30), within(64 * 1024 * 1024))).toBe('damaged');
    expect(zipProblem(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), within(1024))).toBe('damaged');
    const corrupt = Buffer.from(bomb);
    corrupt.fill(0xff, 40, 60);
    expect(zipProblem(corrupt, within(64 * 1024 * 1024))).toBe('damaged');
  });
});
