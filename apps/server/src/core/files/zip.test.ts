import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { looksLikeZip, unzipsWithin } from './zip.ts';

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

  it('lets a real xlsx through', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a', 'b']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(looksLikeZip(file)).toBe(true);
    expect(unzipsWithin(file, 1024 * 1024)).toBe(true);
  });

  it('refuses what unpacks past the ceiling, small as the upload is', () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(unzipsWithin(bomb, 64 * 1024 * 1024)).toBe(true);
    expect(unzipsWithin(bomb, 10 * 1024 * 1024)).toBe(false);
  });

  it('does not believe the sizes the headers claim', () => {
    expect(unzipsWithin(zipOf(Buffer.alloc(20 * 1024 * 1024), 10), 10 * 1024 * 1024)).toBe(false);
  });

  it('refuses what is not a complete zip', () => {
    expect(looksLikeZip(Buffer.from('account,name\n'))).toBe(false);
    expect(unzipsWithin(bomb.subarray(0, bomb.length - 30), 64 * 1024 * 1024)).toBe(false);
    expect(unzipsWithin(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), 1024)).toBe(false);
  });
});
