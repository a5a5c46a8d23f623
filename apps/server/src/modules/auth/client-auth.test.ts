import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.ts';
import { client } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ClientSecrets } from './client-auth.ts';

describe('ClientSecrets', () => {
  it('checks a secret that passed once, a wrong one every time, and a new hash afresh', async () => {
    const checked: string[] = [];
    const secrets = new ClientSecrets((hash, secret) => {
      checked.push(secret);
      return verifyPassword(hash, secret);
    });
    const hash = await hashPassword('the-public-secret');
    for (let i = 0; i < 3; i++) expect(await secrets.matches('web', hash, 'the-public-secret')).toBe(true);
    expect(checked).toEqual(['the-public-secret']);
    for (let i = 0; i < 2; i++) expect(await secrets.matches('web', hash, 'a-guess')).toBe(false);
    expect(checked).toEqual(['the-public-secret', 'a-guess', 'a-guess']);
    // Another client with the same hash text, or the same client with a new hash: checked on their own.
    expect(await secrets.matches('other', hash, 'the-public-secret')).toBe(true);
    const renewed = await hashPassword('a-new-secret');
    expect(await secrets.matches('web', renewed, 'the-public-secret')).toBe(false);
    expect(await secrets.matches('web', renewed, 'a-new-secret')).toBe(true);
    expect(checked).toHaveLength(6);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signIn = (clientId: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' },
  });

describe('a remembered client secret', () => {
  it('stops working at once when the stored secret changes, or the client is disabled or removed', async () => {
    const admin = (await t.login('admin', 'admin')).access_token;
    const added = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { clientId: 'kiosk', authorizedGrantTypes: 'password' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id, oneTime } = added.json().data as { id: string; oneTime: { clientSecret: string } };
    expect((await signIn('kiosk', oneTime.clientSecret)).statusCode).toBe(200);
    expect((await signIn('kiosk', oneTime.clientSecret)).statusCode).toBe(200);
    expect((await signIn('kiosk', 'not-the-secret')).statusCode).toBe(401);

    // Written straight to the table: no code path tells the memory, the stored hash does.
    await t.db
      .update(client)
      .set({ clientSecretHash: await hashPassword('replaced-secret-123') })
      .where(eq(client.id, id));
    expect((await signIn('kiosk', oneTime.clientSecret)).json().error_description).toBe('客户端认证失败');
    expect((await signIn('kiosk', 'replaced-secret-123')).statusCode).toBe(200);

    await t.db.update(client).set({ status: 0 }).where(eq(client.id, id));
    expect((await signIn('kiosk', 'replaced-secret-123')).statusCode).toBe(401);
    await t.db.update(client).set({ status: 1, isDeleted: 1 }).where(eq(client.id, id));
    expect((await signIn('kiosk', 'replaced-secret-123')).statusCode).toBe(401);
  });
});
