import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  compoundFile,
  docxWith,
  encryptedZip,
  manyParts,
  questionDocx,
  questionXlsx,
  xlsxWith,
  zipBomb,
} from '../../../test/malformed-files.ts';
import { multipart, png } from '../../../test/sample-files.ts';
import { addTeacher, teachingTenant } from '../../academic/academic.fixtures.ts';

let t: TestApp;
let wang: string;
let libId: string;
const T = '560025';
const exam = (path: string) => `/api/exam/pc/question/${path}`;

const upload = async (name: string, file: Buffer, lang = 'zh') => {
  const form = await multipart(name, file);
  return t.as(wang, {
    method: 'POST',
    url: exam('import'),
    query: { libId, confirm: '0' },
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': lang },
  });
};

/**
 * Old .doc and .xls files are refused here as on a server without LibreOffice (the quick path): converting them, and
 * refusing what LibreOffice cannot read, is tested in formats/legacy-office.test.ts. The import worker takes the
 * setting when it starts, with this file's app.
 */
let sofficeSetting: string | undefined;
beforeAll(async () => {
  sofficeSetting = process.env.SOFFICE;
  process.env.SOFFICE = 'off';
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  await addTeacher(t, admin, 'wang', '王老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  const lib = await t.as(wang, {
    method: 'POST',
    url: '/api/jd/pc/question_lib/submit',
    payload: { name: '坏文件', discipline: 'math' },
  });
  libId = lib.json().data.id;
});
afterAll(async () => {
  await t.close();
  if (sofficeSetting === undefined) delete process.env.SOFFICE;
  else process.env.SOFFICE = sofficeSetting;
});

const DOCX = '文件不是有效的 Word 文档（.docx）：';
const XLSX = '文件不是有效的 Excel 工作簿（.xlsx）：';
const NOT_A_DOCUMENT = '文件内容不是可导入的文档（Office 文档、Moodle XML 或文本），可能是其他文件改了扩展名';

/** Each file, the name it is uploaded under, and the message the teacher reads. */
const CASES: [string, string, () => Promise<Buffer>, string][] = [
  ['a truncated zip', 'q.docx', async () => (await questionDocx()).subarray(0, 3000), `${DOCX}压缩包已损坏`],
  ['a picture renamed', 'q.docx', async () => png(20, 20), `${DOCX}${NOT_A_DOCUMENT}`],
  [
    'random bytes with no name to go by',
    'q.bin',
    async () => Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)),
    `文件不是有效的 Word 文档（.docx、.doc、.wps）、Excel 工作簿（.xlsx、.xls、.et）、Moodle XML 题库（.xml）或文本文件（.txt）：${NOT_A_DOCUMENT}`,
  ],
  [
    'a web page',
    'q.xml',
    async () => Buffer.from('<!DOCTYPE html><html><body><p>1. 题目</p></body></html>'),
    '文件不是有效的 Moodle XML 题库（.xml）：这是网页或其他 XML 文件，不是 Moodle XML 题库（其根元素应为 <quiz>）',
  ],
  [
    'a Moodle XML file cut short',
    'q.xml',
    async () => Buffer.from('<?xml version="1.0"?><quiz><question type="truefalse"><questiontext><text>a'),
    '文件不是有效的 Moodle XML 题库（.xml）：quiz 不是完整有效的 XML',
  ],
  ['a missing picture', 'q.docx', async () => (await docxWith.missingPicture()).file, `${DOCX}文件引用的 word/media/`],
  [
    'a missing OLE equation',
    'q.docx',
    docxWith.missingOleObject,
    `${DOCX}文件引用的 word/media/image9.wmf 不在文件中（图片或嵌入对象缺失）`,
  ],
  [
    'an unknown relationship',
    'q.docx',
    docxWith.unknownRelationship,
    `${DOCX}文件引用的关系 rId999 在 word/_rels/document.xml.rels 中不存在`,
  ],
  [
    'a formula nested 200,000 deep',
    'q.docx',
    () => docxWith.deepFormula(200_000),
    `${DOCX}word/document.xml 的 XML 嵌套超过 256 层的上限`,
  ],
  [
    'a body nested 20,000 deep',
    'q.docx',
    () => docxWith.deepBody(20_000),
    `${DOCX}word/document.xml 的 XML 嵌套超过 256 层的上限`,
  ],
  [
    'more elements than the limit',
    'q.docx',
    () => docxWith.paragraphs(170_000),
    `${DOCX}内容过多：XML 元素超过 500000 个的上限`,
  ],
  [
    'an entity bomb',
    'q.docx',
    docxWith.entityBomb,
    `${DOCX}word/document.xml 含有 DTD 声明，Office 文档和 Moodle 题库都不使用它`,
  ],
  ['broken XML', 'q.docx', docxWith.brokenXml, `${DOCX}word/document.xml 不是完整有效的 XML`],
  ['no [Content_Types].xml', 'q.docx', docxWith.noContentTypes, `${DOCX}缺少内容类型清单 [Content_Types].xml`],
  [
    'the document declared as a worksheet',
    'q.docx',
    docxWith.wrongContentType,
    `${DOCX}word/document.xml 的内容类型“application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml”不正确`,
  ],
  ['no main part', 'q.docx', docxWith.noDocument, `${DOCX}缺少正文部件 word/document.xml`],
  ['a main part that is no Word document', 'q.docx', docxWith.notADocument, `${DOCX}无法读取其中的内容`],
  ['a workbook without sheets', 'q.xlsx', xlsxWith.noSheets, `${XLSX}无法读取其中的内容`],
  ['a zip bomb', 'q.docx', () => zipBomb(97), `${DOCX}解压后超过 96 MB 的上限`],
  ['too many parts', 'q.docx', () => manyParts(5001), `${DOCX}包含的部件超过 5000 个的上限`],
  ['encrypted zip entries', 'q.docx', encryptedZip, `${DOCX}压缩包使用了不支持的加密或压缩方式`],
  [
    'a password-protected file',
    'q.xlsx',
    async () => compoundFile('EncryptionInfo', 'EncryptedPackage'),
    `${XLSX}文件设有打开密码，请在 Office 中取消密码后重新上传`,
  ],
  [
    'a Word 97-2003 document',
    'q.doc',
    async () => compoundFile('WordDocument'),
    `${DOCX}这是旧版的 Word 97-2003 文档（.doc，或 WPS 文字的 .wps），服务器没有安装 LibreOffice，无法转换：请另存为 .docx 后再导入，或请管理员安装 LibreOffice`,
  ],
  [
    'an Excel 97-2003 workbook',
    'q.xls',
    async () => compoundFile('Workbook'),
    `${XLSX}这是旧版的 Excel 97-2003 工作簿（.xls，或 WPS 表格的 .et），服务器没有安装 LibreOffice，无法转换：请另存为 .xlsx 后再导入，或请管理员安装 LibreOffice`,
  ],
  ['a truncated workbook', 'q.xlsx', async () => (await questionXlsx()).subarray(0, 2000), `${XLSX}压缩包已损坏`],
  [
    'a declared range of the whole sheet',
    'q.xlsx',
    xlsxWith.hugeDimension,
    `${XLSX}工作表 xl/worksheets/sheet1.xml 的范围 A1:XFD1048576 超过 12000 行、256 列的上限`,
  ],
  [
    'many rows',
    'q.xlsx',
    () => xlsxWith.manyRows(12_001),
    `${XLSX}工作表 xl/worksheets/sheet1.xml 超过 12000 行的上限`,
  ],
  [
    'a cell in column XFD',
    'q.xlsx',
    xlsxWith.farCell,
    `${XLSX}工作表 xl/worksheets/sheet1.xml 的范围 XFD3 超过 12000 行、256 列的上限`,
  ],
  [
    'many shared strings',
    'q.xlsx',
    () => xlsxWith.manyStrings(200_001),
    `${XLSX}xl/sharedStrings.xml 的文字条目超过 200000 条的上限`,
  ],
  [
    'a column of merged cells',
    'q.xlsx',
    xlsxWith.mergedColumn,
    `${XLSX}工作表 xl/worksheets/sheet1.xml 的合并单元格超过 200000 个单元格的上限`,
  ],
  [
    'a named range over the whole sheet',
    'q.xlsx',
    xlsxWith.hugeName,
    `${XLSX}xl/workbook.xml 中的命名区域超过 200000 个单元格的上限`,
  ],
  [
    'the workbook declared as a Word document',
    'q.xlsx',
    xlsxWith.wrongContentType,
    `${XLSX}xl/workbook.xml 的内容类型“application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml”不正确`,
  ],
];

describe('a file the import cannot read is a 400 that says why, and the server goes on answering', () => {
  it.each(CASES)('%s', async (_, name, build, message) => {
    const res = await upload(name, await build());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().msg).toContain(message);
    const alive = await t.as(wang, { method: 'GET', url: exam('page'), query: { libId } });
    expect(alive.statusCode).toBe(200);
  });

  it('says it in English when asked', async () => {
    const truncated = await upload('q.docx', (await questionDocx()).subarray(0, 3000), 'en');
    expect(truncated.json().msg).toBe('The file is not a valid Word document (.docx): the archive is damaged');
    const deep = await upload('q.docx', await docxWith.deepFormula(200_000), 'en');
    expect(deep.json().msg).toBe(
      'The file is not a valid Word document (.docx): the XML of word/document.xml is nested deeper than the limit of 256 levels',
    );
    const rows = await upload('q.xlsx', await xlsxWith.hugeDimension(), 'en');
    expect(rows.json().msg).toBe(
      'The file is not a valid Excel workbook (.xlsx): the sheet xl/worksheets/sheet1.xml spans A1:XFD1048576, beyond the limit of 12000 rows and 256 columns',
    );
  });

  it('reads the good files these are made from; the content decides the kind, not the name', async () => {
    for (const [name, file] of [
      ['q.docx', await questionDocx()],
      ['q.xlsx', await questionXlsx()],
      ['really-a-workbook.docx', await questionXlsx()],
      ['really-text.docx', Buffer.from('一、判断题\n1. 地球是圆的。\n答案：正确\n')],
    ] as const) {
      const res = await upload(name, file);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ total: 1, errorCount: 0 });
    }
  });
});

describe('the preview of a file', () => {
  it('goes through the sanitiser: a picture’s declared type and its alt text never reach the markup', async () => {
    const res = await upload('q.docx', await docxWith.hostilePicture());
    expect(res.statusCode, res.body).toBe(200);
    const [question] = res.json().data.questions;
    const html = JSON.stringify(question);
    expect(html).not.toContain('onerror');
    expect(html).not.toMatch(/src=\\"https?:/);
    const sources = [...question.stem.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  });

  it('leaves out a picture that is not an accepted image, as the import does', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await questionDocx());
    const media = Object.keys(zip.files).find((n) => n.startsWith('word/media/') && n.endsWith('.png'))!;
    zip.file(media, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const res = await upload('q.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    expect(res.statusCode, res.body).toBe(200);
    const [question] = res.json().data.questions;
    expect(question.stem).not.toContain('<img');
    expect(question.stem).toContain('图中是什么形状？');
  });
});
