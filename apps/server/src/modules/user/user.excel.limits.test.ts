import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSheet, headerOf } from '../../core/excel/sheet.ts';
import { user } from '../../db/schema/index.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { editPackage, xlsxWith, zipBomb } from '../../test/malformed-files.ts';
import { multipart } from '../../test/sample-files.ts';
import { teachingTenant } from '../academic/academic.fixtures.ts';
import { USER_COLUMNS } from './user.excel.ts';

/**
 * Every roster import (users, students, teachers: core/excel/sheet.ts readSheet) refuses a broken or hostile
 * workbook with a 400 that says what is wrong, before exceljs expands it on the request thread.
 */

let t: TestApp;
let importer: string;
const T = '830101';

/** The user import template in Chinese with one row; each hostile file is built from it. */
const userSheet = (account: string) =>
  buildSheet('用户', headerOf('zh', USER_COLUMNS), [
    [account, account, '张三', '13800138000', `${account}@school.cn`, '男', '2000-09-01', 'staff', '', ''],
  ]);

async function upload(path: string, file: Buffer, lang = 'zh') {
  const form = await multipart('名单.xlsx', file);
  return t.as(importer, {
    method: 'POST',
    url: path,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': lang },
  });
}

const importUsers = (file: Buffer, lang?: string) => upload('/api/blade-user/import-user', file, lang);

/** The server still answers a cheap request (the import did not stall or end it). */
async function expectAlive() {
  const res = await t.as(importer, { method: 'GET', url: '/api/blade-user/page', query: { size: '1' } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  await teachingTenant(t, T);
  await createRole(t.db, T, 'staff');
  const codes = ['user_view', 'user_import', 'student_import', 'teacher_import'];
  const role = await createRole(t.db, T, 'importer', codes);
  await createUser(t.db, { tenantId: T, account: 'importer', password: 'importer-pw', roleIds: [role] });
  importer = (await t.login('importer', 'importer-pw', T)).access_token;
});
afterAll(() => t.close());

const NOT_XLSX = '请上传 .xlsx 格式的 Excel 文件';
const LIMIT = '文件超出导入的上限：';
const SHEET = 'xl/worksheets/sheet1.xml';

/** Each file, and the message the importer reads. */
const CASES: [string, (base: Buffer) => Promise<Buffer>, string][] = [
  ['a truncated zip', async (base) => base.subarray(0, 2000), NOT_XLSX],
  ['not a zip (a CSV renamed)', async () => Buffer.from('账号,昵称\nzhangsan,小张\n'), NOT_XLSX],
  ['no [Content_Types].xml', (base) => xlsxWith.noContentTypes(base), NOT_XLSX],
  ['no workbook', (base) => xlsxWith.noWorkbook(base), NOT_XLSX],
  ['a workbook without sheets', (base) => xlsxWith.noSheets(base), NOT_XLSX],
  [
    'a part exceljs cannot parse (an entity XML does not define)',
    (base) =>
      editPackage(base, { 'xl/styles.xml': (xml) => xml.replace('</styleSheet>', '<x>&nbsp;</x></styleSheet>') }),
    NOT_XLSX,
  ],
  ['a zip bomb', () => zipBomb(33), `${LIMIT}解压后超过 32 MB`],
  [
    'a cell at XFD200000',
    (base) => xlsxWith.farCell(200_000, base),
    `${LIMIT}工作表 ${SHEET} 的范围 XFD200000 超过 10000 行、64 列`,
  ],
  [
    'a declared range of the whole sheet',
    (base) => xlsxWith.hugeDimension(base),
    `${LIMIT}工作表 ${SHEET} 的范围 A1:XFD1048576 超过 10000 行、64 列`,
  ],
  ['more rows than the limit', (base) => xlsxWith.manyRows(10_000, base), `${LIMIT}工作表 ${SHEET} 超过 10000 行`],
  [
    'the whole sheet merged',
    (base) => xlsxWith.merged('A1:XFD1048576', base),
    `${LIMIT}工作表 ${SHEET} 的合并单元格超过 100000 个单元格`,
  ],
  [
    'a named range over the whole sheet',
    (base) => xlsxWith.hugeName(base),
    `${LIMIT}xl/workbook.xml 中的命名区域超过 100000 个单元格`,
  ],
  [
    'a named range written with character references',
    (base) => xlsxWith.hugeName(base, '&#36;A&#36;1:&#36;XFD&#36;1048576'),
    `${LIMIT}xl/workbook.xml 中的命名区域超过 100000 个单元格`,
  ],
  [
    '150,000 shared strings',
    (base) => xlsxWith.manyStrings(150_000, base),
    `${LIMIT}xl/sharedStrings.xml 的文字条目超过 100000 条`,
  ],
  ['300,000 shared strings', (base) => xlsxWith.manyStrings(300_000, base), `${LIMIT}XML 元素超过 500000 个`],
];

describe('a roster import refuses a workbook it should not read, with a 400 that says why', () => {
  it.each(CASES)('%s', async (_, build, message) => {
    const res = await importUsers(await build(await userSheet('nobody')));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: message });
    await expectAlive();
  });

  it('says it in English when asked', async () => {
    const base = await userSheet('nobody');
    const far = await importUsers(await xlsxWith.farCell(200_000, base), 'en');
    expect(far.json().msg).toBe(
      `The file is beyond the import's limits: the sheet ${SHEET} spans XFD200000, beyond 10000 rows and 64 columns`,
    );
    const merged = await importUsers(await xlsxWith.merged('A1:XFD1048576', base), 'en');
    expect(merged.json().msg).toBe(
      `The file is beyond the import's limits: the sheet ${SHEET} merges more than 100000 cells`,
    );
    const broken = await importUsers(base.subarray(0, 2000), 'en');
    expect(broken.json().msg).toBe('Please upload an Excel file in .xlsx format');
  });

  it('the student and teacher imports refuse the same way', async () => {
    const merged = await xlsxWith.merged('A1:XFD1048576', await userSheet('nobody'));
    for (const path of ['/api/exam/pc/student/import', '/api/exam/pc/teacher/import']) {
      const res = await upload(path, merged);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().msg).toBe(`${LIMIT}工作表 ${SHEET} 的合并单元格超过 100000 个单元格`);
    }
    await expectAlive();
  });

  it('imports a good file, and one with a validation list over a whole column (not read, so not expanded)', async () => {
    for (const [account, file] of [
      ['good', await userSheet('good')],
      ['validated', await xlsxWith.validatedColumn('F', await userSheet('validated'))],
    ] as const) {
      const res = await importUsers(file);
      expect(res.statusCode, `${account}: ${res.body}`).toBe(200);
      const [row] = await t.db
        .select({ realName: user.realName })
        .from(user)
        .where(and(eq(user.tenantId, T), eq(user.account, account)));
      expect(row?.realName).toBe('张三');
    }
  });
});
