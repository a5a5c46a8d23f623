import { crc32, deflateRawSync } from 'node:zlib';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { png, zip as storedZip } from './sample-files.ts';

/**
 * Broken and hostile Office files for the question import, each built in code from a good one: cut short, parts
 * missing or mislabelled, nesting and sizes past every limit, password-protected and legacy containers.
 */

/** A Word question file in the import layout: one single-choice question with a picture (word/media/…png). */
export async function questionDocx(picture?: { description?: string; title?: string }): Promise<Buffer> {
  const image = new ImageRun({
    type: 'png',
    data: png(4, 4),
    transformation: { width: 4, height: 4 },
    altText: { name: 'picture', description: picture?.description ?? '', title: picture?.title ?? '' },
  });
  const para = (...children: (TextRun | ImageRun)[]) => new Paragraph({ children });
  const document = new Document({
    sections: [
      {
        children: [
          para(new TextRun('一、单选题')),
          para(new TextRun('1. 图中是什么形状？'), image),
          para(new TextRun('A. 正方形  B. 圆形')),
          para(new TextRun('答案：A')),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** An Excel question file: the header and one true-or-false question. */
export async function questionXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.addRow(['题型', '题干', '答案']);
  sheet.addRow(['判断题', '地球是圆的。', '正确']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The package with its parts changed: `edit` gets each part's text and may return new text, or null to drop it. */
export async function editPackage(
  file: Buffer,
  edit: Record<string, (xml: string) => string | null>,
  add: Record<string, string | Buffer> = {},
): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  for (const [name, change] of Object.entries(edit)) {
    const part = zip.file(name);
    if (!part) throw new Error(`no part ${name}`);
    const changed = change(await part.async('string'));
    if (changed === null) zip.remove(name);
    else zip.file(name, changed);
  }
  for (const [name, content] of Object.entries(add)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The first `<w:p>` of the body after the question's stem, where extra runs go. */
const AFTER_STEM = '图中是什么形状？</w:t></w:r>';

/** A formula whose delimiters nest `depth` deep (Word's equation editor writes `m:d` for brackets). */
export function deepFormula(depth: number): string {
  return `<m:oMath>${'<m:d><m:e>'.repeat(depth)}<m:r><m:t>x</m:t></m:r>${'</m:e></m:d>'.repeat(depth)}</m:oMath>`;
}

/** An OLE object (how MathType equations are embedded): its preview picture and its data, by relationship. */
const OLE_OBJECT =
  '<w:r><w:object><v:shape id="e1" style="width:20pt;height:12pt"><v:imagedata r:id="rIdOle1" o:title=""/>' +
  '</v:shape><o:OLEObject Type="Embed" ProgID="Equation.DSMT4" ShapeID="e1" DrawAspect="Content" ' +
  'ObjectID="_1" r:id="rIdOle2"/></w:object></w:r>';
const OLE_RELATIONSHIPS =
  '<Relationship Id="rIdOle1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" ' +
  'Target="media/image9.wmf"/><Relationship Id="rIdOle2" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" ' +
  'Target="embeddings/oleObject1.bin"/>';

export const docxWith = {
  /** The picture's bytes are gone; its relationship still points at them. */
  missingPicture: async () => {
    const file = await questionDocx();
    const zip = await JSZip.loadAsync(file);
    const media = Object.keys(zip.files).find((n) => n.startsWith('word/media/') && n.endsWith('.png'))!;
    zip.remove(media);
    return { file: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), part: media };
  },
  /** An equation embedded as an OLE object whose parts are not in the package. */
  missingOleObject: async () =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) => xml.replace(AFTER_STEM, `${AFTER_STEM}${OLE_OBJECT}`),
      'word/_rels/document.xml.rels': (xml) => xml.replace('</Relationships>', `${OLE_RELATIONSHIPS}</Relationships>`),
    }),
  /** A picture whose relationship id is not in the document's relationships at all. */
  unknownRelationship: async () =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) => xml.replace(/r:embed="[^"]*"/, 'r:embed="rId999"'),
    }),
  /** A formula nested `depth` deep in the question's stem. */
  deepFormula: async (depth: number) =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) => xml.replace(AFTER_STEM, `${AFTER_STEM}${deepFormula(depth)}`),
    }),
  /** Content controls nested `depth` deep around the body. */
  deepBody: async (depth: number) =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) =>
        xml.replace(
          /<w:body>([\s\S]*)<w:sectPr/,
          (_, body: string) =>
            `<w:body>${'<w:sdt><w:sdtContent>'.repeat(depth)}${body}${'</w:sdtContent></w:sdt>'.repeat(depth)}<w:sectPr`,
        ),
    }),
  /** `count` one-line paragraphs (three elements each) before the question. */
  paragraphs: async (count: number) =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) =>
        xml.replace('<w:body>', `<w:body>${'<w:p><w:r><w:t>填充</w:t></w:r></w:p>'.repeat(count)}`),
    }),
  /** A DTD with nested entities (a "billion laughs"). */
  entityBomb: async () =>
    editPackage(await questionDocx(), {
      'word/document.xml': (xml) =>
        xml.replace(
          '?>',
          '?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
            '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
        ),
    }),
  /** The document's XML cut off in the middle of a tag. */
  brokenXml: async () =>
    editPackage(await questionDocx(), { 'word/document.xml': (xml) => xml.slice(0, xml.indexOf(AFTER_STEM)) }),
  noContentTypes: async () => editPackage(await questionDocx(), { '[Content_Types].xml': () => null }),
  /** The main part declared as something else (a worksheet). */
  wrongContentType: async () =>
    editPackage(await questionDocx(), {
      '[Content_Types].xml': (xml) =>
        xml.replace(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
        ),
    }),
  /** Well-formed XML in the main part, but not a Word document (mammoth finds no body). */
  notADocument: async () =>
    editPackage(await questionDocx(), { 'word/document.xml': () => '<?xml version="1.0"?><notes><note/></notes>' }),
  /** The main part gone, the rest of the package left. */
  noDocument: async () => editPackage(await questionDocx(), { 'word/document.xml': () => null }),
  /** The picture of the question declared with a content type that would break out of an attribute. */
  hostilePicture: async () =>
    editPackage(await questionDocx({ description: 'https://evil.example/x.png', title: 'x' }), {
      '[Content_Types].xml': (xml) =>
        xml.replace(/ContentType="image\/png"/, 'ContentType="image/png&quot; onerror=&quot;alert(1)"'),
    }),
};

/** A document's parts, as they are. */
async function partsOf(file: Buffer): Promise<Record<string, Buffer>> {
  const zip = await JSZip.loadAsync(file);
  const parts: Record<string, Buffer> = {};
  for (const entry of Object.values(zip.files)) if (!entry.dir) parts[entry.name] = await entry.async('nodebuffer');
  return parts;
}

/** A zip of a document's parts and `count` empty ones. */
export async function manyParts(count: number): Promise<Buffer> {
  const parts = await partsOf(await questionDocx());
  for (let i = 0; i < count; i++) parts[`word/extra/${i}.txt`] = Buffer.alloc(0);
  return storedZip(parts);
}

/** A small upload that unpacks to `mb` megabytes: a document with one more part of spaces, deflated by zlib. */
export async function zipBomb(mb: number): Promise<Buffer> {
  // Stored with no data, the padding is the last entry: its data goes in between, its headers are rewritten.
  const file = storedZip({ ...(await partsOf(await questionDocx())), 'word/padding.xml': Buffer.alloc(0) });
  const spaces = Buffer.alloc(mb * 1024 * 1024, 32);
  const data = deflateRawSync(spaces);
  const end = file.lastIndexOf('PK\x05\x06');
  const directory = file.readUInt32LE(end + 16);
  const local = file.lastIndexOf('PK\x03\x04', directory);
  const central = file.lastIndexOf('PK\x01\x02');
  const header = Buffer.from(file.subarray(local, directory));
  const entry = Buffer.from(file.subarray(central, end));
  for (const [part, at] of [
    [header, 8],
    [entry, 10],
  ] as const) {
    part.writeUInt16LE(8, at);
    part.writeUInt32LE(crc32(spaces), at + 6);
    part.writeUInt32LE(data.length, at + 10);
    part.writeUInt32LE(spaces.length, at + 14);
  }
  const tail = Buffer.from(file.subarray(end));
  tail.writeUInt32LE(directory + data.length, 16);
  return Buffer.concat([file.subarray(0, local), header, data, file.subarray(directory, central), entry, tail]);
}

/** A zip whose entries are marked encrypted (zip's own password protection). */
export async function encryptedZip(): Promise<Buffer> {
  const file = Buffer.from(await questionDocx());
  for (let at = file.indexOf('PK\x01\x02'); at >= 0; at = file.indexOf('PK\x01\x02', at + 4)) {
    file.writeUInt16LE(file.readUInt16LE(at + 8) | 1, at + 8);
  }
  return file;
}

/**
 * An OLE compound file naming `streams` in its directory (UTF-16): `EncryptedPackage` is a password-protected
 * .docx/.xlsx, `WordDocument` a Word 97-2003 .doc, `Workbook` an Excel 97-2003 .xls. Enough to be told apart by
 * content; not a file Office would open.
 */
export function compoundFile(...streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(512);
  streams.forEach((name, i) => {
    directory.write(name, i * 128, 'utf16le');
  });
  return Buffer.concat([header, directory]);
}

/** The name of a workbook's first sheet, as `xl/workbook.xml` declares it. */
function firstSheetName(workbook: string): string {
  const name = /<sheet\b[^>]*\bname="([^"]*)"/.exec(workbook)?.[1];
  if (name === undefined) throw new Error('no sheet in the workbook');
  return name;
}

/** `xml` (a worksheet) with `nodes` where the schema puts them after the cells: before the page margins, or at the end. */
function afterCells(xml: string, nodes: string): string {
  const at = xml.includes('<pageMargins') ? '<pageMargins' : '</worksheet>';
  return xml.replace(at, `${nodes}${at}`);
}

/**
 * Workbooks past a limit, or broken, each built from `base`: the question sheet of questionXlsx() unless another
 * workbook written by exceljs is given (a roster import's template, say).
 */
export const xlsxWith = {
  /** A declared used range of the whole sheet. */
  hugeDimension: async (base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/worksheets/sheet1.xml': (xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    }),
  /** `rows` empty rows after the first two. */
  manyRows: async (rows: number, base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace(
          '</sheetData>',
          `${Array.from({ length: rows }, (_, i) => `<row r="${i + 3}"/>`).join('')}</sheetData>`,
        ),
    }),
  /** A cell in the sheet's last column, in row `row` (after the rows already there). */
  farCell: async (row = 3, base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace(
          '</sheetData>',
          `<row r="${row}"><c r="XFD${row}" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`,
        ),
    }),
  /** `count` shared strings. */
  manyStrings: async (count: number, base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/sharedStrings.xml': (xml) => xml.replace('</sst>', `${'<si><t>x</t></si>'.repeat(count)}</sst>`),
    }),
  /** The cells of `ref` merged into one. */
  merged: async (ref: string, base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`),
    }),
  /** Cells merged over a whole column. */
  mergedColumn: async (base?: Buffer) => xlsxWith.merged('D3:D1048576', base),
  /** A named range over the whole of the first sheet, or over `range` (as written in the XML) of it. */
  hugeName: async (base?: Buffer, range = '$A$1:$XFD$1048576') =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/workbook.xml': (xml) =>
        xml.replace(
          '</sheets>',
          `</sheets><definedNames><definedName name="all">${firstSheetName(xml)}!${range}</definedName></definedNames>`,
        ),
    }),
  /** A list validation over the whole of column `column` (exceljs would expand it cell by cell). */
  validatedColumn: async (column = 'F', base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/worksheets/sheet1.xml': (xml) =>
        afterCells(
          xml,
          '<dataValidations count="1"><dataValidation type="list" allowBlank="1" showErrorMessage="1" ' +
            `sqref="${column}2:${column}1048576"><formula1>"男,女"</formula1></dataValidation></dataValidations>`,
        ),
    }),
  /** A workbook without sheets. */
  noSheets: async (base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      'xl/workbook.xml': (xml) => xml.replace(/<sheets>[\s\S]*<\/sheets>/, '<sheets/>'),
    }),
  /** No content type list. */
  noContentTypes: async (base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), { '[Content_Types].xml': () => null }),
  /** The workbook part gone, its sheets left. */
  noWorkbook: async (base?: Buffer) => editPackage(base ?? (await questionXlsx()), { 'xl/workbook.xml': () => null }),
  /** The workbook declared as a Word document. */
  wrongContentType: async (base?: Buffer) =>
    editPackage(base ?? (await questionXlsx()), {
      '[Content_Types].xml': (xml) =>
        xml.replace(
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ),
    }),
};
