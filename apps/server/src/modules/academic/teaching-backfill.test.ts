import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flag, role, setting } from '../../db/schema/index.ts';
import { seed } from '../../seed/seed.ts';
import { createTenant } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const rolesOf = async (tenantId: string) =>
  (
    await t.db
      .select({ alias: role.roleAlias })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0)))
  )
    .map((r) => r.alias)
    .sort();

describe('schools that existed before teaching arrived', () => {
  it('get the teacher and student roles and the question types at the first start after the upgrade, once', async () => {
    // A school as an older version left it: no teaching roles, no question types, and no record of a backfill.
    await createTenant(t.db, '490001');
    await t.db.delete(setting).where(eq(setting.key, 'seed.teachingBackfilled'));
    expect(await rolesOf('490001')).toEqual([]);

    await seed(t.db, { demo: true, demoSchool: false, announce: () => {} });
    expect(await rolesOf('490001')).toEqual(['student', 'teacher']);
    const types = await t.db
      .select({ code: flag.code })
      .from(flag)
      .where(and(eq(flag.tenantId, '490001'), eq(flag.kind, 'questionType')));
    expect(types.map((r) => r.code)).toContain('single');

    // An administrator who then removes a role keeps it removed over later starts.
    await t.db
      .update(role)
      .set({ isDeleted: 1 })
      .where(and(eq(role.tenantId, '490001'), eq(role.roleAlias, 'teacher')));
    await seed(t.db, { demo: true, demoSchool: false, announce: () => {} });
    expect(await rolesOf('490001')).toEqual(['student']);
  }, 120_000);
});
