import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { humanDuration } from './client.tsx';

describe('humanDuration', () => {
  it('reads seconds in the two largest units', () => {
    const t = i18n.getFixedT('zh');
    expect(humanDuration(3600, t)).toBe('1 小时');
    expect(humanDuration(604_800, t)).toBe('7 天');
    expect(humanDuration(90_000, t)).toBe('1 天 1 小时');
    expect(humanDuration(300, t)).toBe('5 分钟');
    expect(humanDuration(3_661, t)).toBe('1 小时 1 分钟');
    expect(humanDuration(86_401, t)).toBe('1 天');
    expect(humanDuration(0, t)).toBe('0 秒');
    expect(humanDuration(2_592_000, i18n.getFixedT('en'))).toBe('30 d');
  });
});
