import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../../core/auth/md5.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let platform: string;
const base = '/api/blade-system/tenant';

beforeAll(async () => {
  t = await startTestApp();
  platform = (await t.login('admin', 'admin')).access_token;
});
afterAll(() => t.close());

const create = (payload: object) => t.as(platform, { method: 'POST', url: `${base}/submit`, payload });

describe('tenants', () => {
  it('a new tenant comes with an administrator who can sign in once with the one-time password and run the school', async () => {
    const res = await create({
      tenantName: '实训一中',
      linkman: '李校长',
      accountNumber: 50,
      domain: 'school1.example.cn',
    });
    expect(res.statusCode).toBe(200);
    const tenant = res.json().data;
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    expect(tenant.oneTime.account).toBe('admin');
    const detail = await t.as(platform, { method: 'GET', url: `${base}/detail`, query: { id: tenant.id } });
    expect(detail.json().data.oneTime).toBeUndefined();

    const session = await t.login('admin', tenant.oneTime.password, tenant.tenantId);
    const routes = (await t.as(session.access_token, { method: 'GET', url: '/api/blade-system/menu/routes' })).json()
      .data as MenuNode[];
    const pages = routes.flatMap((group) => group.children?.map((c) => c.code) ?? []);
    expect(pages).toEqual(
      expect.arrayContaining(['user', 'role', 'dept', 'post', 'dict_biz', 'data_scope', 'api_scope', 'notice']),
    );
    expect(pages).not.toContain('param');
    expect(pages).not.toContain('tenant');
    const buttons = flattenPermissions(
      (await t.as(session.access_token, { method: 'GET', url: '/api/blade-system/menu/buttons' })).json().data,
    );
    expect(buttons).toMatchObject({ user_add: true, role_grant: true, dept_add: true, notice_add: true });
    expect(buttons.tenant_view).toBeUndefined();

    // The school's administrator manages their own users only, and cannot see the tenants.
    const users = await t.as(session.access_token, { method: 'GET', url: '/api/blade-user/page' });
    expect(users.json().data.records.map((u: { account: string }) => u.account)).toEqual(['admin']);
    expect((await t.as(session.access_token, { method: 'GET', url: `${base}/list` })).statusCode).toBe(403);
  });

  it('settings change quota and expiry; an expired tenant can no longer sign in', async () => {
    const tenant = (await create({ tenantName: '到期学校' })).json().data;
    const when = new Date(Date.now() - 60_000).toISOString();
    const res = await t.as(platform, {
      method: 'POST',
      url: `${base}/setting`,
      query: { ids: tenant.id, accountNumber: '1', expireTime: when },
    });
    expect(res.statusCode).toBe(200);
    const detail = (await t.as(platform, { method: 'GET', url: `${base}/detail`, query: { id: tenant.id } })).json()
      .data;
    expect(detail).toMatchObject({ accountNumber: 1, expireTime: when });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': tenant.tenantId,
      },
      query: {
        username: 'admin',
        password: md5(tenant.oneTime.password),
        grant_type: 'password',
        tenantId: tenant.tenantId,
      },
    });
    expect(login.json().error_description).toBe('租户授权已过期，请联系管理员');
    expect(
      (await t.as(platform, { method: 'POST', url: `${base}/setting`, query: { ids: '999999999' } })).statusCode,
    ).toBe(404);
  });

  it('tells the login page which tenant a domain belongs to, without signing in', async () => {
    await create({ tenantName: '域名学校', domain: 'school2.example.cn' });
    const res = await t.app.inject({ method: 'GET', url: `${base}/info`, query: { domain: 'school2.example.cn' } });
    expect(res.json().data).toMatchObject({ tenantName: '域名学校', domain: 'school2.example.cn' });
    expect(Object.keys(res.json().data).sort()).toEqual(['backgroundUrl', 'domain', 'tenantId', 'tenantName']);
    const none = await t.app.inject({ method: 'GET', url: `${base}/info`, query: { domain: 'nobody.example.cn' } });
    expect(none.json().data).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${base}/info` })).statusCode).toBe(400);
    expect((await create({ tenantName: '抢域名', domain: 'school2.example.cn' })).json().msg).toBe(
      '该域名已被其他租户使用',
    );
  });

  it('the platform tenant can be neither removed nor disabled', async () => {
    expect((await t.as(platform, { method: 'POST', url: `${base}/remove?ids=1` })).json().msg).toBe(
      '平台租户不能删除或停用',
    );
    expect((await create({ id: '1', status: 0 })).json().msg).toBe('平台租户不能删除或停用');
  });

  it('setting needs the platform superuser', async () => {
    const tenant = (await create({ tenantName: '自改学校' })).json().data;
    const session = await t.login('admin', tenant.oneTime.password, tenant.tenantId);
    const res = await t.as(session.access_token, {
      method: 'POST',
      url: `${base}/setting`,
      query: { ids: tenant.id, accountNumber: '-1' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${base}/setting?ids=1` })).statusCode).toBe(401);
  });

  it('datasource says plainly that tenants share one database: 400 with the reason, 401, 403, 400 on bad input', async () => {
    const url = `${base}/datasource`;
    const refused = await t.as(platform, { method: 'POST', url, query: { tenantId: '000000', datasourceId: '1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('所有租户共用一个数据库、按行隔离数据，不能为租户单独指定数据源');
    expect((await t.as(platform, { method: 'POST', url, query: { tenantId: '000000' } })).statusCode).toBe(400);
    const tenant = (await create({ tenantName: '数据源学校' })).json().data;
    const session = await t.login('admin', tenant.oneTime.password, tenant.tenantId);
    const query = { tenantId: tenant.tenantId, datasourceId: '1' };
    expect((await t.as(session.access_token, { method: 'POST', url, query })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${url}?tenantId=1&datasourceId=1` })).statusCode).toBe(401);
  });
});
