import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password checks', () => {
  it('verify the password they were hashed from, and nothing else', async () => {
    const hash = await hashPassword(md5('right'));
    expect(await verifyPassword(hash, md5('right'))).toBe(true);
    expect(await verifyPassword(hash, md5('RIGHT'))).toBe(false);
    expect(await verifyPassword('not a hash', md5('right'))).toBe(false);
  });

  it('leave a thread of the pool free: an HMAC (every token check) does not queue behind a sign-in burst', async () => {
    const hash = await hashPassword(md5('burst'));
    const key = await webcrypto.subtle.importKey('raw', Buffer.alloc(32, 1), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    let checked = 0;
    const burst = Array.from({ length: 24 }, () => verifyPassword(hash, md5('burst')).then(() => checked++));
    await webcrypto.subtle.sign('HMAC', key, Buffer.from('header.payload'));
    const checkedBefore = checked;
    await Promise.all(burst);
    // Queued behind the burst on libuv's pool, the HMAC would come after nearly all 24.
    expect(checkedBefore).toBeLessThan(12);
  });
});
