import type { Region, TreeNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const base = '/api/blade-system/region';
const REGION_CODES = ['region_view', 'region_add', 'region_edit', 'region_delete'];

let t: TestApp;
let admin: string;
/** Signed in, no permission codes at all. */
let plain: string;
/** A tenant administrator holding every region code: still not the platform superuser. */
let tenantAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
  const empty = await createRole(t.db, '000000', 'plain');
  await createUser(t.db, { tenantId: '000000', account: 'plain', password: 'plain-pw', roleIds: [empty] });
  plain = (await t.login('plain', 'plain-pw')).access_token;
  await createTenant(t.db, '410001');
  const role = await createRole(t.db, '410001', 'admin', REGION_CODES);
  await createUser(t.db, { tenantId: '410001', account: 'admin', password: 'tenant-pw', roleIds: [role] });
  tenantAdmin = (await t.login('admin', 'tenant-pw', '410001')).access_token;
});
afterAll(() => t.close());

const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.as(token, { method: 'GET', url: `${base}/${path}`, query });
const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const remove = (token: string, id: string) => t.as(token, { method: 'POST', url: `${base}/remove`, query: { id } });
const detail = async (code: string) => (await get(plain, 'detail', { code })).json().data as Region;

describe('region access', () => {
  it('401 on every call without a token', async () => {
    for (const [method, url] of [
      ['GET', `${base}/list`],
      ['GET', `${base}/lazy-tree`],
      ['GET', `${base}/detail?code=33`],
      ['POST', `${base}/remove?id=33`],
      ['POST', `${base}/submit`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('any session may read the tree and a detail; the list needs region_view; writes need their code', async () => {
    expect((await get(plain, 'lazy-tree')).statusCode).toBe(200);
    expect((await get(plain, 'detail', { code: '33' })).statusCode).toBe(200);
    expect((await get(plain, 'list')).statusCode).toBe(403);
    expect((await submit(plain, { code: '3399', parentCode: '33', name: '测试市' })).statusCode).toBe(403);
    expect((await remove(plain, '110101')).statusCode).toBe(403);
  });

  it('is global: a tenant administrator holding the codes may list but never write', async () => {
    expect((await get(tenantAdmin, 'list')).statusCode).toBe(200);
    const res = await submit(tenantAdmin, { code: '3399', parentCode: '33', name: '测试市' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('只有平台超级管理员可以修改全局数据');
    expect((await remove(tenantAdmin, '110101')).statusCode).toBe(403);
    expect((await detail('110101')).name).toBe('东城区');
  });

  it('400 with a message on bad input', async () => {
    expect((await submit(admin, { code: '3399', parentCode: '33' })).json().msg).toBe('请输入区划名称');
    expect((await submit(admin, { code: '33ab', name: '坏编号' })).json().msg).toBe('区划编号只能是 2 至 12 位数字');
    expect((await submit(admin, { name: '没有编号' })).json().msg).toBe('请输入区划编号');
    expect((await get(plain, 'detail', { code: 'abc' })).statusCode).toBe(400);
    expect((await get(plain, 'detail')).statusCode).toBe(400);
    expect((await get(plain, 'lazy-tree', { parentCode: "33' or 1=1" })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'POST', url: `${base}/remove` })).statusCode).toBe(400);
    expect((await get(admin, 'list', { code: '33%' })).statusCode).toBe(400);
  });
});

describe('region reads', () => {
  it('lazy-tree gives the provinces by default and one level below a code, saying which can expand', async () => {
    const provinces = (await get(plain, 'lazy-tree')).json().data as TreeNode[];
    expect(provinces).toHaveLength(31);
    expect(provinces.find((n) => n.id === '33')).toEqual({
      id: '33',
      parentId: '00',
      title: '浙江省',
      key: '33',
      value: '33',
      hasChildren: true,
    });
    const districts = (await get(plain, 'lazy-tree', { parentCode: '3301' })).json().data as TreeNode[];
    expect(districts.map((d) => d.title)).toContain('西湖区');
    expect(districts.every((d) => d.parentId === '3301' && d.hasChildren === false)).toBe(true);
    expect((await get(plain, 'lazy-tree', { parentCode: '999999' })).json().data).toEqual([]);
  });

  it('detail answers by code with the derived columns; an unknown code is 404', async () => {
    expect(await detail('330106')).toMatchObject({
      code: '330106',
      parentCode: '3301',
      ancestors: '00,33,3301',
      name: '西湖区',
      regionLevel: 3,
      provinceCode: '33',
      provinceName: '浙江省',
      cityCode: '3301',
      cityName: '杭州市',
      districtCode: '330106',
      districtName: '西湖区',
      townCode: '',
      villageCode: '',
    });
    expect((await get(plain, 'detail', { code: '999999' })).statusCode).toBe(404);
  });

  it('list pages and filters by code prefix, name, level and parent, with declared sorts only', async () => {
    const list = async (query: Record<string, string>) => (await get(admin, 'list', query)).json().data;
    expect((await list({ regionLevel: '1', size: '50' })).total).toBe(31);
    expect((await list({ parentCode: '33', size: '50' })).records.map((r: Region) => r.name)).toContain('杭州市');
    const hangzhou = await list({ code: '3301', size: '50' });
    expect(hangzhou.records.every((r: Region) => r.code.startsWith('3301'))).toBe(true);
    expect(hangzhou.records[0].code).toBe('3301');
    expect((await list({ name: '西湖' })).records.map((r: Region) => r.code)).toContain('330106');
    const desc = await list({ regionLevel: '1', descs: 'code', size: '2' });
    expect(desc.records.map((r: Region) => r.code)).toEqual(['65', '64']);
    expect(desc).toMatchObject({ total: 31, size: 2, current: 1, pages: 16 });
    // Undeclared keys and sorts are ignored, never turned into SQL.
    const injected = await get(admin, 'list', {
      regionLevel: '1',
      'updatexml(1,concat(0x7e,md5(1),0x7e),1)': '1',
      ascs: 'code,(select pg_sleep(3))',
    });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().data.total).toBe(31);
  });
});

describe('region writes', () => {
  it('a new region takes its ancestors, level and province…town columns from its parent, not from the body', async () => {
    const res = await submit(admin, {
      code: '330106001',
      parentCode: '330106',
      name: '北山街道',
      sort: 3,
      ancestors: '00,11',
      regionLevel: 1,
      provinceName: '伪造省',
      townCode: '999',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      code: '330106001',
      parentCode: '330106',
      ancestors: '00,33,3301,330106',
      regionLevel: 4,
      provinceName: '浙江省',
      cityName: '杭州市',
      districtCode: '330106',
      districtName: '西湖区',
      townCode: '330106001',
      townName: '北山街道',
      villageCode: '',
      sort: 3,
    });
    const village = await submit(admin, { code: '330106001001', parentCode: '330106001', name: '保俶塔社区' });
    expect(village.json().data).toMatchObject({ regionLevel: 5, townName: '北山街道', villageName: '保俶塔社区' });
    const towns = (await get(plain, 'lazy-tree', { parentCode: '330106' })).json().data as TreeNode[];
    expect(towns).toEqual([expect.objectContaining({ id: '330106001', hasChildren: true })]);
  });

  it('a province needs no parent; codes must fit their level and start with the parent code', async () => {
    expect((await submit(admin, { code: '71', name: '台湾省' })).json().data).toMatchObject({
      parentCode: '00',
      ancestors: '00',
      regionLevel: 1,
      provinceCode: '71',
      provinceName: '台湾省',
    });
    expect((await submit(admin, { code: '3399', parentCode: '44', name: '错位市' })).json().msg).toBe(
      '第2级区划的编号应为4位数字，并以上级区划编号开头',
    );
    expect((await submit(admin, { code: '339', parentCode: '33', name: '短码市' })).json().msg).toBe(
      '第2级区划的编号应为4位数字，并以上级区划编号开头',
    );
    expect((await submit(admin, { code: '3398', parentCode: '3397', name: '无父市' })).json().msg).toBe(
      '上级区划不存在',
    );
    expect((await submit(admin, { code: '123', name: '三位省' })).json().msg).toBe(
      '第1级区划的编号应为2位数字，并以上级区划编号开头',
    );
  });

  it('stops at five levels', async () => {
    await submit(admin, { code: '110101001', parentCode: '110101', name: '东华门街道' });
    await submit(admin, { code: '110101001001', parentCode: '110101001', name: '多福巷社区' });
    const res = await submit(admin, { code: '11010100100', parentCode: '110101001001', name: '第六级' });
    expect(res.json().msg).toBe('行政区划最多五级（省、市、区县、乡镇、村）');
  });

  it('submitting a known code edits its name, sort and remark; the new name reaches the rows below', async () => {
    await submit(admin, { code: '440305001', parentCode: '440305', name: '南头街道' });
    const res = await submit(admin, { code: '440305', parentCode: '4403', name: '南山新区', sort: 9, remark: '改名' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '南山新区', districtName: '南山新区', sort: 9, remark: '改名' });
    expect(await detail('440305001')).toMatchObject({ districtName: '南山新区', cityName: '深圳市' });
    // Without parentCode the place is kept; another parent is refused.
    expect((await submit(admin, { code: '440305', name: '南山区' })).json().data.ancestors).toBe('00,44,4403');
    expect((await submit(admin, { code: '440305', parentCode: '4404', name: '南山区' })).json().msg).toBe(
      '区划不能移到其他上级下，请删除后重新添加',
    );
  });

  it('removes by code, all or nothing, and refuses while children remain', async () => {
    await submit(admin, { code: '320102001', parentCode: '320102', name: '梅园新村街道' });
    await submit(admin, { code: '320102001001', parentCode: '320102001', name: '大悲巷社区' });
    expect((await remove(admin, '320102')).json().msg).toBe('请先删除下级区划');
    expect((await remove(admin, '320102001')).json().msg).toBe('请先删除下级区划');
    expect((await remove(admin, '320102001001,999999999')).statusCode).toBe(404);
    expect((await get(plain, 'detail', { code: '320102001001' })).statusCode).toBe(200);
    expect((await remove(admin, '320102001001,320102001')).statusCode).toBe(200);
    expect((await get(plain, 'detail', { code: '320102001' })).statusCode).toBe(404);
    // Once gone, the same code can be added again.
    expect((await submit(admin, { code: '320102001', parentCode: '320102', name: '梅园新村街道' })).statusCode).toBe(
      200,
    );
  });
});
