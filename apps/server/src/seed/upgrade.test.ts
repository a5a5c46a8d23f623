import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict, menu, param, role, setting, teacher, tenant } from '../db/schema/index.ts';
import { provisionTeaching } from '../modules/academic/teaching-roles.ts';
import { createTenant, createUser } from '../test/fixtures.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { ACADEMIC_SEED } from './academic-demo.ts';
import { SEEDED_ROWS_UPGRADED, upgradeSeededRows } from './upgrade.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, '840001');
  await provisionTeaching(t.db, '840001');
});
afterAll(() => t.close());

const menuRow = async (id: string) => (await t.db.select().from(menu).where(eq(menu.id, id)))[0]!;

describe('upgrading an installation seeded before rows carried English', () => {
  it('fills the English of seeded rows an administrator left alone, and 我的班级’s roles, once', async () => {
    // What an older installation holds: no English anywhere, 我的班级 shown to everyone granted it, and a few rows
    // an administrator renamed or translated since.
    await t.db.update(menu).set({ nameEn: '' });
    await t.db.update(menu).set({ roles: [] }).where(eq(menu.code, 'my_class'));
    await t.db.update(menu).set({ name: '角色' }).where(eq(menu.id, '1006'));
    await t.db.update(menu).set({ nameEn: 'Accounts' }).where(eq(menu.id, '1008'));
    await t.db.update(role).set({ roleNameEn: '' });
    await t.db
      .update(role)
      .set({ roleName: '任课教师' })
      .where(and(eq(role.tenantId, '840001'), eq(role.roleAlias, 'teacher')));
    await t.db.update(param).set({ paramNameEn: '', remarkEn: '' });
    await t.db.update(param).set({ paramName: '锁定次数' }).where(eq(param.paramKey, 'account.failCount'));
    await t.db.update(dict).set({ dictValueEn: '' });
    await t.db
      .update(dict)
      .set({ dictValue: '男性' })
      .where(and(eq(dict.code, 'sex'), eq(dict.dictKey, '1')));
    await t.db.update(tenant).set({ tenantNameEn: '' });
    await t.db.delete(setting).where(eq(setting.key, SEEDED_ROWS_UPGRADED));

    await upgradeSeededRows(t.db);

    expect((await menuRow('1002')).nameEn).toBe('Parameters');
    expect((await menuRow('1006')).nameEn).toBe('');
    expect((await menuRow('1008')).nameEn).toBe('Accounts');
    expect((await menuRow('70080')).roles).toEqual(['student']);
    const roles = await t.db.select().from(role);
    const named = (tenantId: string, alias: string) =>
      roles.find((r) => r.tenantId === tenantId && r.roleAlias === alias)?.roleNameEn;
    expect(named('000000', 'administrator')).toBe('Super administrator');
    expect(named('000000', 'teacher')).toBe('Teacher');
    expect(named('840001', 'student')).toBe('Student');
    expect(named('840001', 'teacher')).toBe('');
    const params = await t.db.select().from(param);
    expect(params.find((p) => p.paramKey === 'account.failCount')).toMatchObject({
      paramNameEn: '',
      remarkEn: 'The account is locked after this many failed sign-ins in a row',
    });
    expect(params.find((p) => p.paramKey === 'account.lockMinutes')?.paramNameEn).toBe('Sign-in lock (minutes)');
    const sex = await t.db.select().from(dict).where(eq(dict.code, 'sex'));
    expect(Object.fromEntries(sex.map((d) => [d.dictKey || 'name', d.dictValueEn]))).toEqual({
      name: 'Sex',
      '1': '',
      '2': 'Female',
      '0': 'Unknown',
    });
    const [platform] = await t.db.select().from(tenant).where(eq(tenant.tenantId, '000000'));
    expect(platform!.tenantNameEn).toBe('Platform administration');
    const [school] = await t.db.select().from(tenant).where(eq(tenant.tenantId, '840001'));
    expect(school!.tenantNameEn).toBe('');

    // Once: an English cleared afterwards, or roles emptied, stay as the administrator left them.
    await t.db.update(menu).set({ nameEn: '', roles: sql`'{}'::text[]` }).where(eq(menu.id, '70080'));
    await upgradeSeededRows(t.db);
    expect(await menuRow('70080')).toMatchObject({ nameEn: '', roles: [] });
  });

  it('gives a teacher made in 用户管理 (the teacher role, no record) the record 教师管理 lists, once', async () => {
    const made = await createUser(t.db, {
      tenantId: '000000',
      account: 'ut1',
      password: 'pw',
      roleIds: [ACADEMIC_SEED.teacherRole],
    });
    const listed = await createUser(t.db, {
      tenantId: '000000',
      account: 'ut2',
      password: 'pw',
      roleIds: [ACADEMIC_SEED.teacherRole],
    });
    await t.db.insert(teacher).values({ id: '990001', tenantId: '000000', userId: listed, teacherNo: 'T9' });
    await t.db.delete(setting).where(eq(setting.key, SEEDED_ROWS_UPGRADED));
    await upgradeSeededRows(t.db);
    await upgradeSeededRows(t.db);
    const rows = await t.db.select().from(teacher);
    expect(rows.filter((r) => r.userId === made)).toMatchObject([{ tenantId: '000000', teacherNo: '' }]);
    expect(rows.filter((r) => r.userId === listed)).toMatchObject([{ id: '990001' }]);
  });
});
