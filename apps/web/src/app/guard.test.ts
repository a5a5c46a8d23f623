import { describe, expect, it } from 'vitest';
import { returnTo } from './guard.tsx';

describe('returnTo', () => {
  it('keeps a path of this site, with its query', () => {
    expect(returnTo({ from: '/bind/class?code=abc' })).toBe('/bind/class?code=abc');
  });

  it('refuses anything that could leave the site or is not a path', () => {
    for (const from of ['//evil.example', '/\\evil.example', 'https://evil.example', 'bind/class', '', 42]) {
      expect(returnTo({ from })).toBeUndefined();
    }
    expect(returnTo(null)).toBeUndefined();
    expect(returnTo(undefined)).toBeUndefined();
  });
});
