import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { assertUnreferenced, type Reference, referencePlaces, registerReferences } from './references.ts';

// The registry needs no database: each reference's `find` is the only thing that queries, and these answer alone.
const db = {} as Db;

const courseware: Reference = {
  target: 'test-file',
  label: { zh: '课件', en: 'Courseware' },
  find: async (_db, tenantId, keys) =>
    tenantId === 't1' && keys.includes('/files/x')
      ? ['一', '二', '三', '四'].map((title) => ({ key: '/files/x', title }))
      : [],
};
const paper: Reference = {
  target: 'test-file',
  label: { zh: '试卷', en: 'Paper' },
  find: async (_db, _tenantId, keys) => (keys.includes('/files/x') ? [{ key: '/files/x', title: '期中' }] : []),
};
const owner: Reference = {
  target: 'test-account',
  label: { zh: '学生', en: 'Student' },
  find: async (_db, _tenantId, keys) => keys.map((key) => ({ key, title: `s-${key}` })),
  refusal: (hit) => badRequest('user.isStudent', { account: hit.title }),
};
registerReferences([courseware, paper, owner, courseware]);

describe('references registry', () => {
  it('asks every reference to the target and names at most three places per row, in both languages', async () => {
    const zh = await referencePlaces(db, 'zh', 't1', 'test-file', ['/files/x', '/files/y']);
    expect(zh).toEqual(new Map([['/files/x', '课件《一》、课件《二》、课件《三》 等 5 处']]));
    const en = await referencePlaces(db, 'en', 't2', 'test-file', ['/files/x']);
    expect(en).toEqual(new Map([['/files/x', 'Paper "期中"']]));
    expect(await referencePlaces(db, 'zh', 't1', 'other', ['/files/x'])).toEqual(new Map());
  });

  it('refuses removal of a referenced row by name, and lets an unreferenced one go', async () => {
    await expect(
      assertUnreferenced(
        db,
        { locale: 'zh', tenantId: 't2' },
        'test-file',
        [
          { key: '/files/y', name: 'y.png' },
          { key: '/files/x', name: 'x.png' },
        ],
        'flag.inUse',
      ),
    ).rejects.toMatchObject({ status: 400, params: { name: 'x.png', places: '试卷《期中》' } });
    await expect(
      assertUnreferenced(
        db,
        { locale: 'zh', tenantId: 't1' },
        'test-file',
        [{ key: '/files/y', name: 'y' }],
        'flag.inUse',
      ),
    ).resolves.toBeUndefined();
  });

  it('answers with a reference’s own refusal where it has one', async () => {
    const refused = assertUnreferenced(
      db,
      { locale: 'zh', tenantId: 't1' },
      'test-account',
      [{ key: '9', name: 'n' }],
      'user.inUse',
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ key: 'user.isStudent', params: { account: 's-9' } });
  });
});
