import { describe, expect, it } from 'vitest';
import { attrOf } from './html-tokens.ts';

describe('attrOf', () => {
  it('reads an attribute quoted either way or not at all, decoded', () => {
    expect(attrOf('<img src="a.png" alt=\'x &amp; y\' width=20>', 'alt')).toBe('x & y');
    expect(attrOf('<img src="a.png" alt=\'x &amp; y\' width=20>', 'width')).toBe('20');
    expect(attrOf('<img SRC="a.png" />', 'src')).toBe('a.png');
    expect(attrOf('<img alt="a">', 'src')).toBeUndefined();
  });

  it('never takes text inside another attribute’s value for an attribute', () => {
    expect(attrOf('<img alt="logo src=https://evil.example/x.png" src="/files/1/a.png">', 'src')).toBe(
      '/files/1/a.png',
    );
    expect(attrOf('<img alt=" src=https://evil.example/x.png">', 'src')).toBeUndefined();
    expect(attrOf('<img alt="x&quot; src=&quot;https://evil.example/x.png">', 'src')).toBeUndefined();
  });
});
