import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { TokenService } from './tokens.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

describe('TokenService', () => {
  it('generates one installation secret and keeps it: tokens survive a restart', async () => {
    const first = await TokenService.create(database.db, undefined);
    const token = await first.sign({ userId: '1', tenantId: '000000', sessionId: '2' }, 60);
    const second = await TokenService.create(database.db, undefined);
    expect(await second.verify(token)).toEqual({ userId: '1', tenantId: '000000', sessionId: '2' });
  });

  it('does not accept tokens of another installation', async () => {
    const ours = await TokenService.create(database.db, undefined);
    const theirs = await TokenService.create(database.db, 'x'.repeat(40));
    const token = await theirs.sign({ userId: '1', tenantId: '000000', sessionId: '2' }, 60);
    expect(await ours.verify(token)).toBeNull();
  });

  it('checks a token once, still refuses it once expired, and checks an altered one afresh', async () => {
    const tokens = await TokenService.create(database.db, undefined);
    const token = await tokens.sign({ userId: '1', tenantId: '000000', sessionId: '2' }, 60);
    expect(await tokens.verify(token)).toEqual({ userId: '1', tenantId: '000000', sessionId: '2' });
    expect(await tokens.verify(token)).toEqual({ userId: '1', tenantId: '000000', sessionId: '2' });
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '9' }),
    );
    expect(await tokens.verify(`${header}.${other.toString('base64url')}.${signature}`)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
  });
});
