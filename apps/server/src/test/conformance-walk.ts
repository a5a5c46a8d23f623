import { crudPermissions } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import type { AnyResourceDef } from '../core/crud/resource.ts';
import { createRole, createTenant, createUser } from './fixtures.ts';
import { secretKeys, type TestApp } from './harness.ts';

/**
 * The conformance walk: every resource it is given is checked for 401 and 403 on every call, hostile filter and sort
 * keys, 400 on bad input, the CRUD round trip without credentials in answers, and tenancy (another tenant's rows
 * answer exactly like rows that do not exist). modules/conformance.test.ts walks every module's resources; a new
 * module's test walks its own the same way.
 */

/** One valid and one invalid submit body per resource (a resource without samples fails the walk). */
export interface Sample {
  valid: () => Record<string, unknown>;
  invalid: Record<string, unknown>;
  /**
   * For rows that are not added through submit (attachments come from uploads): makes one as `token` and returns
   * its id. Submit without an id must then be refused; `valid` is used for edits.
   */
  create?: (token: string) => Promise<string>;
  /**
   * Makes the row one that its own tenant may not remove (it has children, users, terms ...), as `token`. Another
   * tenant's removal must still answer exactly as for an id that does not exist, never with the refusal.
   */
  inUse?: (token: string, id: string) => Promise<void>;
}

/** Who the walk calls as: the platform superuser, a user without codes, and the administrators of two tenants. */
export interface WalkEnv {
  t: TestApp;
  admin: string;
  none: string;
  /** By tenant id: 400001 writes, 400002 is the other tenant. */
  tenantAdmin: Record<string, string>;
  /** The role holding every code of the walked resources in 400001, and its administrator's user id. */
  tenantRoleId: string;
  adminUserId: string;
}

/** Signs in the walk's callers; the two tenants' administrators hold every code of these resources. */
export async function walkEnv(t: TestApp, resources: AnyResourceDef[]): Promise<WalkEnv> {
  const env: WalkEnv = { t, admin: '', none: '', tenantAdmin: {}, tenantRoleId: '', adminUserId: '' };
  env.admin = (await t.login('admin', 'admin')).access_token;
  const empty = await createRole(t.db, '000000', 'no-codes');
  await createUser(t.db, { tenantId: '000000', account: 'no-codes', password: 'no-codes-pw', roleIds: [empty] });
  env.none = (await t.login('no-codes', 'no-codes-pw')).access_token;
  const allCodes = resources.flatMap((r) => Object.values(crudPermissions(r.name)));
  for (const tenantId of ['400001', '400002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', allCodes);
    const userId = await createUser(t.db, { tenantId, account: 'admin', password: 'tenant-pw', roleIds: [role] });
    if (tenantId === '400001') Object.assign(env, { tenantRoleId: role, adminUserId: userId });
    env.tenantAdmin[tenantId] = (await t.login('admin', 'tenant-pw', tenantId)).access_token;
  }
  return env;
}

/** Walks these resources; `env` is filled in the test file's beforeAll (walkEnv). */
export function walkResources(resources: AnyResourceDef[], samples: Record<string, Sample>, env: WalkEnv): void {
  describe.each(resources.map((r) => [r.name, r] as const))('resource %s', (name, def) => {
    const base = def.basePath;
    const listUrl = `${base}/${def.listPath ?? 'list'}`;
    const extraListUrls = (def.extraLists ?? []).map((l) => (l.path.startsWith('/') ? l.path : `${base}/${l.path}`));
    // BladeX's edit-only `update`, where a resource declares it: walked like submit's update path.
    const updateUrl = def.updatePath ? `${base}/${def.updatePath}` : undefined;
    const update = (token: string, payload: object) => env.t.as(token, { method: 'POST', url: updateUrl!, payload });
    const sample = samples[name];
    const submit = (token: string, payload: object) =>
      env.t.as(token, { method: 'POST', url: `${base}/submit`, payload });
    const detail = (token: string, id: string) =>
      env.t.as(token, { method: 'GET', url: `${base}/detail`, query: { id } });
    const writer = () => (def.scope === 'global' ? env.admin : env.tenantAdmin['400001']!);

    it('has conformance samples', () => {
      expect(sample, `add conformance samples for "${name}"`).toBeDefined();
    });

    if (def.readOnly) {
      it('is read-only: list and detail guarded like any other, no call writes it, other tenants never see it', async () => {
        for (const url of [listUrl, `${base}/detail?id=1`]) {
          expect((await env.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
          expect((await env.t.as(env.none, { method: 'GET', url })).statusCode, url).toBe(403);
        }
        expect((await detail(writer(), 'not-an-id')).statusCode).toBe(400);
        const id = await sample!.create!(writer());
        expect((await detail(writer(), id)).statusCode).toBe(200);
        const page = await env.t.as(writer(), { method: 'GET', url: listUrl, query: { size: '200' } });
        expect(page.json().data.records.some((r: { id: string }) => r.id === id)).toBe(true);
        expect((await submit(writer(), { id, stem: 'changed' })).statusCode).toBe(404);
        expect(
          (await env.t.as(writer(), { method: 'POST', url: `${base}/remove`, query: { ids: id } })).statusCode,
        ).toBe(404);
        const b = env.tenantAdmin['400002']!;
        expect((await detail(b, id)).statusCode).toBe(404);
        const listB = await env.t.as(b, { method: 'GET', url: listUrl, query: { size: '200' } });
        expect(listB.json().data.records.some((r: { id: string }) => r.id === id)).toBe(false);
      });
      return;
    }

    it('401 on every endpoint without a token', async () => {
      for (const [method, url] of [
        ['GET', listUrl],
        ['GET', `${base}/detail?id=1`],
        ['POST', `${base}/remove?ids=1`],
        ['POST', `${base}/submit`],
        ...extraListUrls.map((url) => ['GET', url] as const),
        ...(updateUrl ? [['POST', updateUrl] as const] : []),
      ] as const) {
        expect((await env.t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('403 on every endpoint without its permission code', async () => {
      for (const url of [listUrl, ...extraListUrls]) {
        expect((await env.t.as(env.none, { method: 'GET', url })).statusCode, url).toBe(403);
      }
      expect((await detail(env.none, '1')).statusCode).toBe(403);
      expect((await env.t.as(env.none, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
      expect((await submit(env.none, sample!.valid())).statusCode).toBe(403);
      if (updateUrl) expect((await update(env.none, { ...sample!.valid(), id: '1' })).statusCode).toBe(403);
    });

    it('ignores or refuses filter and sort keys that look like SQL, and never runs them', async () => {
      const hostile = [
        ['updatexml(1,concat(0x7e,md5(1),0x7e),1)', '1'],
        ['1-extractvalue(1,concat(0x7e,md5(1)))', '1'],
        ['name) or (1=1', '1'],
        ['ascs', 'id,(select pg_sleep(3))'],
        ['descs', 'id;drop table sys_user'],
        ['sort', '__proto__'],
      ];
      for (const url of [listUrl, ...extraListUrls]) {
        for (const [key, value] of hostile) {
          const started = Date.now();
          const res = await env.t.as(writer(), { method: 'GET', url, query: { [key!]: value! } });
          expect([200, 400], `${url}?${key}`).toContain(res.statusCode);
          expect(res.body).not.toContain('c4ca4238a0b923820dcc509a6f75849b');
          expect(res.body).not.toMatch(/XPATH|syntax error|SQL/i);
          expect(Date.now() - started).toBeLessThan(1000);
        }
      }
    });

    it('400 with a message on bad input', async () => {
      const res = await submit(writer(), sample!.invalid);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBeTruthy();
      expect((await detail(writer(), 'not-an-id')).statusCode).toBe(400);
      if (updateUrl) expect((await update(writer(), sample!.valid())).statusCode, 'update without an id').toBe(400);
    });

    /** A new row of this resource, made as `token`: through submit, or the way such rows come to be. */
    async function addRow(token: string, extra: object = {}): Promise<{ id: string } & Record<string, unknown>> {
      if (sample!.create) {
        expect([400, 403], 'submit without an id').toContain((await submit(token, sample!.valid())).statusCode);
        return (await detail(token, await sample!.create(token))).json().data;
      }
      const created = await submit(token, { ...sample!.valid(), ...extra });
      expect(created.statusCode).toBe(200);
      // `oneTime` credentials appear in the creating answer only, never again (see harness secretKeys).
      expect(secretKeys(created.json())).toEqual([]);
      const { oneTime: _, ...row } = created.json().data;
      return row;
    }

    it('round-trips add, detail, edit, list and remove, without credentials in any response', async () => {
      const row = await addRow(writer());
      expect((await detail(writer(), row.id)).json().data).toEqual(row);
      const edited = await submit(writer(), { ...sample!.valid(), id: row.id });
      expect(edited.statusCode).toBe(200);
      if (updateUrl) {
        const again = await update(writer(), { ...sample!.valid(), id: row.id });
        expect(again.statusCode).toBe(200);
        expect(again.json().data.id).toBe(row.id);
      }
      const page = await env.t.as(writer(), { method: 'GET', url: listUrl, query: { size: '200' } });
      expect(page.json().data.records.some((r: { id: string }) => r.id === row.id)).toBe(true);
      expect(secretKeys(page.json())).toEqual([]);
      expect(
        (await env.t.as(writer(), { method: 'POST', url: `${base}/remove`, query: { ids: row.id } })).statusCode,
      ).toBe(200);
      expect((await detail(writer(), row.id)).statusCode).toBe(404);
    });

    if (def.superuserOnly) {
      it("is the platform superuser's alone: tenant administrators may neither read nor write it", async () => {
        const ta = env.tenantAdmin['400001']!;
        expect((await env.t.as(ta, { method: 'GET', url: listUrl })).statusCode).toBe(403);
        expect((await detail(ta, '1')).statusCode).toBe(403);
        expect((await submit(ta, sample!.valid())).statusCode).toBe(403);
        expect((await env.t.as(ta, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
      });
    } else if (def.scope === 'global') {
      it('is global: tenant administrators may read but never write it', async () => {
        const ta = env.tenantAdmin['400001']!;
        expect((await env.t.as(ta, { method: 'GET', url: listUrl })).statusCode).toBe(200);
        expect((await submit(ta, sample!.valid())).statusCode).toBe(403);
        expect((await env.t.as(ta, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
      });
    } else {
      it("keeps each tenant's rows invisible and untouchable to the other, and ignores a body tenantId", async () => {
        const [a, b] = [env.tenantAdmin['400001']!, env.tenantAdmin['400002']!];
        const row = await addRow(a, { tenantId: '400002' });
        const listB = await env.t.as(b, { method: 'GET', url: listUrl, query: { size: '200' } });
        expect(listB.json().data.records.some((r: { id: string }) => r.id === row.id)).toBe(false);
        expect((await detail(b, row.id)).statusCode).toBe(404);
        expect((await submit(b, { ...sample!.valid(), id: row.id })).statusCode).toBe(404);
        if (updateUrl) expect((await update(b, { ...sample!.valid(), id: row.id })).statusCode).toBe(404);
        const remove = (token: string, ids: string) =>
          env.t.as(token, { method: 'POST', url: `${base}/remove`, query: { ids } });
        // Another tenant's row answers exactly like a row that does not exist, even where the owner would be refused.
        const unknown = await remove(b, '1234567890123456789');
        expect(unknown.statusCode).toBe(404);
        expect((await remove(b, row.id)).json()).toEqual(unknown.json());
        if (sample!.inUse) {
          await sample!.inUse(a, row.id);
          expect((await remove(b, row.id)).json()).toEqual(unknown.json());
          expect((await remove(b, `${row.id},1234567890123456789`)).json()).toEqual(unknown.json());
          expect((await remove(a, row.id)).statusCode, 'its own tenant is refused: the row is in use').toBe(400);
        }
        expect((await detail(a, row.id)).statusCode).toBe(200);
      });
    }
  });
}
