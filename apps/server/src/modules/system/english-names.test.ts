import type { RoleTreeNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { teachingTenant } from '../academic/academic.fixtures.ts';

let t: TestApp;
let admin: string;
const sys = '/api/blade-system';

const get = async (token: string, url: string, query: Record<string, string> = {}) => {
  const res = await t.as(token, { method: 'GET', url: `${sys}/${url}`, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const submit = async (path: string, payload: object) => {
  const res = await t.as(admin, { method: 'POST', url: `${sys}/${path}/submit`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
  await teachingTenant(t, '830001');
});
afterAll(() => t.close());

describe('product-supplied names in English', () => {
  it('seeds roles, menus, dictionaries, parameters and the platform tenant in both languages', async () => {
    const roles = (await get(admin, 'role/list', { roleAlias: 'administrator' })).records;
    expect(roles[0]).toMatchObject({ roleName: '超级管理员', roleNameEn: 'Super administrator' });
    const tree: RoleTreeNode[] = await get(admin, 'role/tree', { tenantId: '830001' });
    expect(tree.find((n) => n.roleAlias === 'teacher')).toMatchObject({ title: '教师', titleEn: 'Teacher' });
    expect(tree.find((n) => n.roleAlias === 'student')).toMatchObject({ title: '学生', titleEn: 'Student' });

    expect(await get(admin, 'menu/detail', { id: '1006' })).toMatchObject({ name: '角色管理', nameEn: 'Roles' });
    const buttons = await get(admin, 'menu/lazy-list', { parentId: '1006' });
    expect(buttons.map((b: { nameEn: string }) => b.nameEn)).toEqual([
      'Add',
      'View',
      'Edit',
      'Delete',
      'Set permissions',
    ]);
    const routes = await get(admin, 'menu/routes');
    expect(routes.find((m: { code: string }) => m.code === 'exam')).toMatchObject({ nameEn: 'Academic affairs' });
    const pages = await get(admin, 'menu/tree');
    expect(pages.find((m: { id: string }) => m.id === '1001')).toMatchObject({ title: '系统管理', titleEn: 'System' });

    const sex = await get(admin, 'dict/dictionary', { code: 'sex' });
    expect(sex.map((d: { dictValueEn: string }) => d.dictValueEn)).toEqual(['Male', 'Female', 'Unknown']);
    const dicts = (await get(admin, 'dict/parent-list', { code: 'notice' })).records;
    expect(dicts[0]).toMatchObject({ dictValue: '通知类型', dictValueEn: 'Notice type' });

    const params = (await get(admin, 'param/list', { paramKey: 'account.failCount' })).records;
    expect(params[0]).toMatchObject({
      paramName: '登录失败锁定次数',
      paramNameEn: 'Failed sign-ins before a lock',
      remarkEn: 'The account is locked after this many failed sign-ins in a row',
    });

    const tenants = (await get(admin, 'tenant/list', { tenantId: '000000' })).records;
    expect(tenants[0]).toMatchObject({ tenantName: '平台管理', tenantNameEn: 'Platform administration' });
  });

  it('keeps what an administrator enters as the English, finds rows by it, and clears it with an empty text', async () => {
    const role = await submit('role', { roleName: '图书管理员', roleNameEn: 'Librarian', roleAlias: 'librarian' });
    expect(role.roleNameEn).toBe('Librarian');
    expect((await get(admin, 'role/list', { roleName: 'librar' })).records.map((r: { id: string }) => r.id)).toEqual([
      role.id,
    ]);
    expect((await submit('role', { id: role.id, roleNameEn: '' })).roleNameEn).toBe('');
    expect((await submit('role', { id: role.id, roleName: '馆员' })).roleNameEn).toBe('');

    const dict = await submit('dict', { code: 'shelf', dictValue: '书架', dictValueEn: 'Shelf', sort: 1, isSealed: 0 });
    const item = await submit('dict', {
      parentId: dict.id,
      code: 'shelf',
      dictKey: 'a',
      dictValue: '甲',
      dictValueEn: 'A',
      sort: 1,
    });
    expect((await get(admin, 'dict/dictionary', { code: 'shelf' }))[0]).toMatchObject({
      id: item.id,
      dictValueEn: 'A',
    });
    const biz = await submit('dict-biz', {
      code: 'room',
      dictValue: '教室',
      dictValueEn: 'Classroom',
      sort: 1,
      isSealed: 0,
    });
    expect(biz.dictValueEn).toBe('Classroom');

    const menu = await submit('menu', {
      code: 'reading_room',
      name: '阅览室',
      nameEn: 'Reading room',
      category: 1,
      path: '/reading-room',
    });
    expect(await get(admin, 'menu/detail', { id: menu.id })).toMatchObject({ nameEn: 'Reading room' });
    expect((await get(admin, 'menu/list', { name: 'readi' })).map((m: { id: string }) => m.id)).toEqual([menu.id]);

    const param = await submit('param', {
      paramName: '借阅天数',
      paramNameEn: 'Loan days',
      paramKey: 'library.loanDays',
      paramValue: '30',
      remarkEn: 'How long a book may be kept',
    });
    expect(param).toMatchObject({ paramNameEn: 'Loan days', remark: '', remarkEn: 'How long a book may be kept' });

    const tenant = await submit('tenant', { tenantName: '实验学校', tenantNameEn: 'Pilot school' });
    expect(tenant.tenantNameEn).toBe('Pilot school');
    expect((await get(admin, 'tenant/list', { tenantName: 'pilot' })).records).toHaveLength(1);

    const tooLong = await t.as(admin, {
      method: 'POST',
      url: `${sys}/role/submit`,
      payload: { roleName: '长', roleNameEn: 'x'.repeat(51), roleAlias: 'long' },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
