import { describe, expect, it } from 'vitest';
import { decodeText } from './plain-text.ts';

describe('decodeText', () => {
  const text = '一、判断题\r\n1. 地球是圆的。\r\n答案：正确';

  it('reads UTF-8 with or without a BOM, UTF-16 with its BOM, and GBK', () => {
    expect(decodeText(Buffer.from(text))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
    // 地球是圆的 in GBK: not valid UTF-8.
    const gbk = Buffer.from([0xb5, 0xd8, 0xc7, 0xf2, 0xca, 0xc7, 0xd4, 0xb2, 0xb5, 0xc4]);
    expect(decodeText(gbk)).toBe('地球是圆的');
  });

  it('is undefined for what is no text: NUL and control bytes, a PDF', () => {
    expect(decodeText(Buffer.from([0x41, 0x00, 0x42]))).toBeUndefined();
    expect(decodeText(Buffer.from('abc\u0007def'))).toBeUndefined();
    expect(decodeText(Buffer.from('%PDF-1.4\n1 0 obj'))).toBeUndefined();
    expect(decodeText(Buffer.from('a\tb\fc'))).toBe('a\tb\fc');
  });
});
