import { describe, expect, it } from 'vitest';
import { decimal, formatDecimal, parseDecimal, placesOf, roundTo } from './decimal.ts';

describe('decimals of measurements', () => {
  it('are exact: 25.00 − 0.02 is 24.98, and 0.1 + 0.2 is 0.3', () => {
    expect(formatDecimal(decimal('25.00') - decimal('0.02'), 2)).toBe('24.98');
    expect(decimal('0.1') + decimal('0.2')).toBe(decimal('0.3'));
    expect(formatDecimal(decimal('25') + decimal('-0.021'))).toBe('24.979');
  });

  it('read what people type, full-width digits included, and nothing else', () => {
    expect(parseDecimal('25.02')).toBe(25_020_000n);
    expect(parseDecimal(' -0.1 ')).toBe(-100_000n);
    expect(parseDecimal('+.5')).toBe(500_000n);
    expect(parseDecimal('２５．０２')).toBe(25_020_000n);
    expect(parseDecimal('－０．５')).toBe(-500_000n);
    expect(parseDecimal('7.')).toBe(7_000_000n);
    for (const bad of ['', '.', '-', '1e3', '1,000.5', '0.0000001', '1000000', 'abc', '2.5.1', '--1']) {
      expect(parseDecimal(bad), bad).toBeUndefined();
    }
    expect(parseDecimal('999999.999999')).toBe(999_999_999_999n);
  });

  it('round to an instrument’s resolution, halves away from zero', () => {
    const to = (v: string, step: string) => formatDecimal(roundTo(decimal(v), decimal(step)), placesOf(decimal(step)));
    expect(to('25.013', '0.02')).toBe('25.02');
    expect(to('25.009', '0.02')).toBe('25.00');
    expect(to('25.01', '0.02')).toBe('25.02');
    expect(to('25.005', '0.01')).toBe('25.01');
    expect(to('25.0049', '0.01')).toBe('25.00');
    expect(to('-0.015', '0.01')).toBe('-0.02');
    expect(to('12.3', '0.5')).toBe('12.5');
    expect(to('12.24', '0.5')).toBe('12.0');
    expect(() => roundTo(1n, 0n)).toThrow();
  });

  it('are written with the decimals their step needs', () => {
    expect(placesOf(decimal('0.02'))).toBe(2);
    expect(placesOf(decimal('0.001'))).toBe(3);
    expect(placesOf(decimal('1'))).toBe(0);
    expect(formatDecimal(decimal('25'), 2)).toBe('25.00');
    expect(formatDecimal(decimal('-0.1'), 2)).toBe('-0.10');
    expect(formatDecimal(decimal('0.125'), 2)).toBe('0.13');
    expect(formatDecimal(decimal('-3.5'))).toBe('-3.5');
    expect(() => decimal('x')).toThrow();
  });
});
