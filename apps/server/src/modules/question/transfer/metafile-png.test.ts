import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { findSoffice } from '../../../core/files/soffice.ts';
import { sanitizeRichText } from '../../../core/html/sanitize.ts';
import { convertMetafiles } from './metafile-png.ts';
import { imageExtOf, metafileExtOf } from './pictures.ts';
import type { PictureSink } from './types.ts';
import { readWord } from './word-read.ts';

/** MathType formulas stored as WMF pictures: converted to PNG with LibreOffice, else named as lost. */

const soffice = findSoffice();
const dir = mkdtempSync(path.join(tmpdir(), 'shixun-metafile-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A placeable WMF of `width` × `height` twips (1440 an inch) with a rectangle drawn inside it. */
function wmf(width: number, height: number): Buffer {
  const records: [number, number[]][] = [
    [0x020b, [0, 0]], // SETWINDOWORG y x
    [0x020c, [height, width]], // SETWINDOWEXT y x
    [0x041b, [height - 20, width - 20, 20, 20]], // RECTANGLE bottom right top left
    [0x0000, []], // EOF
  ];
  const body = records.map(([fn, params]) => {
    const b = Buffer.alloc(6 + params.length * 2);
    b.writeUInt32LE(3 + params.length, 0);
    b.writeUInt16LE(fn, 4);
    for (const [i, v] of params.entries()) b.writeInt16LE(v, 6 + i * 2);
    return b;
  });
  const header = Buffer.alloc(18);
  header.writeUInt16LE(1, 0);
  header.writeUInt16LE(9, 2);
  header.writeUInt16LE(0x0300, 4);
  header.writeUInt32LE(9 + body.reduce((n, b) => n + b.length / 2, 0), 6);
  header.writeUInt32LE(7, 12);
  const placeable = Buffer.alloc(22);
  placeable.writeUInt32LE(0x9ac6cdd7, 0);
  placeable.writeInt16LE(width, 10);
  placeable.writeInt16LE(height, 12);
  placeable.writeUInt16LE(1440, 14);
  let checksum = 0;
  for (let i = 0; i < 10; i++) checksum ^= placeable.readUInt16LE(i * 2);
  placeable.writeUInt16LE(checksum, 20);
  return Buffer.concat([placeable, header, ...body]);
}

/** A MathType formula as Word stores it: an OLE object shown by its WMF picture. */
const OBJECT =
  '<w:r><w:object w:dxaOrig="1440" w:dyaOrig="720"><v:shape id="_x0000_i1025" type="#_x0000_t75" ' +
  'style="width:72pt;height:36pt" o:ole=""><v:imagedata r:id="rIdWmf1" o:title=""/></v:shape>' +
  '<o:OLEObject Type="Embed" ProgID="Equation.DSMT4" ShapeID="_x0000_i1025" DrawAspect="Content" ' +
  'ObjectID="_1700000001" r:id="rIdOle1"/></w:object></w:r>';

/** A paper whose first question has a MathType formula in its stem. */
async function paper(): Promise<Buffer> {
  const lines = [
    '一、单选题',
    '1. 式子 QOBJ 的值是（ ）',
    'A. 1',
    'B. 2',
    '答案：A',
    '2. 没有公式的题（ ）',
    'A. 甲',
    'B. 乙',
    '答案：B',
  ];
  const built = await Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));
  const zip = await JSZip.loadAsync(built);
  const document = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', document.replace('QOBJ', `</w:t></w:r>${OBJECT}<w:r><w:t xml:space="preserve">`));
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  const type = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace(
      '</Relationships>',
      `<Relationship Id="rIdWmf1" Type="${type}/image" Target="media/image1.wmf"/>` +
        `<Relationship Id="rIdOle1" Type="${type}/oleObject" Target="embeddings/oleObject1.bin"/></Relationships>`,
    ),
  );
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file(
    '[Content_Types].xml',
    types.replace(
      '<Default ContentType="image/png" Extension="png"/>',
      '<Default ContentType="image/png" Extension="png"/><Default ContentType="image/x-wmf" Extension="wmf"/>' +
        '<Default ContentType="application/vnd.openxmlformats-officedocument.oleObject" Extension="bin"/>',
    ),
  );
  zip.file('word/media/image1.wmf', wmf(1440, 720));
  zip.file('word/embeddings/oleObject1.bin', Buffer.from('MathType equation (not read)'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Pictures saved, as the import worker collects them. */
function collector() {
  const saved: { bytes: Buffer; contentType: string; name: string }[] = [];
  const sink: PictureSink = {
    save: async (bytes, contentType, name) => {
      saved.push({ bytes, contentType, name });
      return `/files/000000/picture-${saved.length}.png`;
    },
  };
  return { saved, sink };
}

const ourTempDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith('shixun-metafile-') && !n.includes('test'));

describe('formula pictures (WMF/EMF)', () => {
  it('are told by their bytes', () => {
    expect(metafileExtOf(wmf(1440, 720))).toBe('wmf');
    const emf = Buffer.alloc(88);
    emf.writeUInt32LE(1, 0);
    emf.write(' EMF', 40, 'latin1');
    expect(metafileExtOf(emf)).toBe('emf');
    expect(metafileExtOf(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(imageExtOf(wmf(1440, 720))).toBeUndefined();
  });

  it('without LibreOffice: the question says a formula picture could not be shown', async () => {
    const { saved, sink } = collector();
    const read = await readWord(await paper(), sink, null);
    expect(read.map((q) => q.problems)).toEqual([[{ key: 'question.import.metafile' }], []]);
    expect(saved).toEqual([]);
    // What cannot be shown is not kept as a broken picture.
    expect(sanitizeRichText(read[0]!.draft.stem, ['/files/000000/'])).toBe('<p>式子  的值是（ ）</p>');
  });

  it('a conversion past its time is killed, its pictures lost, its directory removed', async () => {
    const hang = path.join(dir, 'soffice-hang');
    writeFileSync(hang, '#!/bin/sh\nsleep 30\n');
    chmodSync(hang, 0o755);
    const before = ourTempDirs().length;
    const started = Date.now();
    const converted = await convertMetafiles(await JSZip.loadAsync(await paper()), hang, 300);
    expect(converted.size).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ourTempDirs().length).toBe(before);
  });

  describe.skipIf(!soffice)(
    `with LibreOffice${soffice ? '' : ' (skipped: soffice is not installed)'}`,
    { timeout: 120_000 },
    () => {
      it('become PNG pictures cut to what they draw, in one run', async () => {
        const { saved, sink } = collector();
        const before = ourTempDirs().length;
        const read = await readWord(await paper(), sink, soffice);
        expect(read.flatMap((q) => q.problems)).toEqual([]);
        expect(saved).toHaveLength(1);
        expect(saved[0]!.contentType).toBe('image/png');
        expect(imageExtOf(saved[0]!.bytes)).toBe('png');
        // One inch by half an inch at 96 dpi, give or take the margin: not the A4 page Draw puts it on.
        const png = PNG.sync.read(saved[0]!.bytes);
        expect(png.width).toBeGreaterThan(60);
        expect(png.width).toBeLessThan(130);
        expect(png.height).toBeLessThan(80);
        expect(read[0]!.draft.stem).toBe('<p>式子 <img src="/files/000000/picture-1.png"> 的值是（ ）</p>');
        expect(ourTempDirs().length).toBe(before);
      });
    },
  );
});
