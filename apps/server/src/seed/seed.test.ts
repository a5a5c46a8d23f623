import { and, count, eq, ne } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { md5 } from '../core/auth/md5.ts';
import { verifyPassword } from '../core/auth/passwords.ts';
import { type Database, openDatabase } from '../core/db/client.ts';
import { dict, menu, param, user } from '../db/schema/index.ts';
import { seed } from './seed.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function adminHash(db: Database['db']) {
  const [row] = await db.select({ hash: user.passwordHash }).from(user).where(eq(user.account, 'admin'));
  return row!.hash;
}

describe('seed', () => {
  // Two full seeds (every region of China) into PGlite: 25 s alone on a two-core machine, more when it is shared.
  it('is idempotent and keeps what administrators changed', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    const { db } = database;
    await seed(db, { demo: true, announce: () => {} });
    await db.update(param).set({ paramValue: '9' }).where(eq(param.paramKey, 'account.failCount'));
    const menusBefore = (await db.select({ n: count() }).from(menu))[0]!.n;
    await seed(db, { demo: true, announce: () => {} });
    expect((await db.select({ n: count() }).from(menu))[0]!.n).toBe(menusBefore);
    const [p] = await db.select().from(param).where(eq(param.paramKey, 'account.failCount'));
    expect(p!.paramValue).toBe('9');
    expect(await verifyPassword(await adminHash(db), md5('admin'))).toBe(true);
  }, 120_000);

  it('keeps a dictionary an administrator created before the seed knew its code, and hangs no items elsewhere', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    const { db } = database;
    await db.insert(dict).values({ id: '5000000000', parentId: '0', code: 'region', dictValue: '我的区划' });
    await seed(db, { demo: true, announce: () => {} });
    const rows = await db.select().from(dict).where(eq(dict.code, 'region'));
    expect(rows.map((r) => r.id)).toEqual(['5000000000']);
    const sex = await db
      .select()
      .from(dict)
      .where(and(eq(dict.code, 'sex'), ne(dict.parentId, '0')));
    expect(sex).toHaveLength(3);
  });

  it('in production uses ADMIN_PASSWORD and never the demo password', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    const announced: string[] = [];
    await seed(database.db, {
      demo: false,
      adminPassword: 'a-long-chosen-password',
      announce: (t) => announced.push(t),
    });
    const hash = await adminHash(database.db);
    expect(await verifyPassword(hash, md5('a-long-chosen-password'))).toBe(true);
    expect(await verifyPassword(hash, md5('admin'))).toBe(false);
    expect(announced).toEqual([]);
  });

  it('in production without ADMIN_PASSWORD generates one and announces it exactly once', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    const announced: string[] = [];
    await seed(database.db, { demo: false, announce: (t) => announced.push(t) });
    await seed(database.db, { demo: false, announce: (t) => announced.push(t) });
    expect(announced).toHaveLength(1);
    const generated = /password "([^"]+)"/.exec(announced[0]!)![1]!;
    expect(generated.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword(await adminHash(database.db), md5(generated))).toBe(true);
  });
});
