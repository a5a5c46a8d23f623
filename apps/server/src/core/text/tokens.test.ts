import { describe, expect, it } from 'vitest';
import { queryTokens, searchTokens } from './tokens.ts';

const finds = (text: string, query: string) => {
  const stored = new Set(searchTokens(text));
  const wanted = queryTokens(query);
  return wanted.length > 0 && wanted.every((t) => stored.has(t));
};

describe('search tokens', () => {
  it('finds Chinese by any part of a run, Latin words whole, ignoring markup and case', () => {
    const stem = '<p>下列关于<strong>机械制图</strong>基础的说法，正确的是（ ）Gear ratio</p>';
    expect(finds(stem, '机械制图')).toBe(true);
    expect(finds(stem, '制图基础')).toBe(true);
    expect(finds(stem, '图')).toBe(true);
    expect(finds(stem, 'gear')).toBe(true);
    expect(finds(stem, 'GEAR RATIO')).toBe(true);
    expect(finds(stem, 'strong')).toBe(false);
    expect(finds(stem, '机制')).toBe(false);
    expect(finds(stem, '图机')).toBe(false);
  });

  it('finds a Latin word written against Chinese text, and the Chinese beside it', () => {
    expect(finds('组卷abc12公差带', 'abc12')).toBe(true);
    expect(finds('组卷abc12公差带', '公差')).toBe(true);
    expect(finds('组卷abc12公差带', '组卷abc12')).toBe(true);
  });

  it('treats full-width letters and digits as their half-width forms', () => {
    expect(finds('ＡＢＣ１２３ 公差', 'abc123')).toBe(true);
  });

  it('an empty or punctuation-only query asks for nothing', () => {
    expect(queryTokens('  ，。！ ')).toEqual([]);
  });
});
