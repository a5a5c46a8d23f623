import { describe, expect, it } from 'vitest';
import { mergeTrees } from './pages.ts';

describe('mergeTrees', () => {
  it('keeps every family’s names under a top-level key they share, without changing the families', () => {
    const school = { menu: { school: '学校管理' }, school: { title: '学校' } };
    const files = { menu: { oss: '对象存储' } };
    const merged = mergeTrees(mergeTrees({}, school), files);
    expect(merged).toEqual({ menu: { school: '学校管理', oss: '对象存储' }, school: { title: '学校' } });
    expect(school.menu).toEqual({ school: '学校管理' });
  });
});
