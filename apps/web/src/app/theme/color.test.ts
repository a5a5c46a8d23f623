import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme } from './antd.ts';
import { accessiblePrimary, contrast, mix, readable } from './color.ts';
import { shellTheme, THEME_COLORS, THEME_NAMES } from './themes.ts';

const WHITE = '#ffffff';

/** An `rgba(r, g, b, a)` or #rrggbb colour as seen over the #rrggbb `background`; undefined for gradients. */
function seen(color: string, background: string): string | undefined {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color;
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(color);
  if (!m) return undefined;
  const hex = `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
  return mix(background, hex, Number(m[4]));
}

/** The first colour of a gradient, or the colour itself; undefined for none. */
const startOf = (bg: string) =>
  bg.startsWith('linear') ? /#[0-9a-f]{6}/i.exec(bg)?.[0] : bg === 'transparent' ? undefined : bg;

describe('colour contrast (WCAG 2.1 AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast(WHITE, WHITE)).toBe(1);
    // The figures of the audit (issue 26 §3).
    expect(contrast(WHITE, '#409eff')).toBeCloseTo(2.78, 2);
    expect(contrast('#8c8c8c', WHITE)).toBeCloseTo(3.36, 2);
  });

  it('darkens a colour just enough to read, on light and dark backgrounds, and keeps one that reads', () => {
    const text = readable('#409eff', WHITE);
    expect(contrast(text, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, WHITE)).toBeLessThan(4.7);
    expect(contrast(readable('#1d39c4', '#141414'), '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(readable('#2b3a4a', WHITE)).toBe('#2b3a4a');
  });

  it.each(THEME_COLORS)('gives %s a shade with white text on it and readable on white and on its tint', (color) => {
    const shade = accessiblePrimary(color);
    expect(contrast(WHITE, shade)).toBeGreaterThanOrEqual(4.5);
    // What antd derives from it: selected rows and items (colorPrimaryBg) carry text in the shade.
    const token = theme.getDesignToken(antdTheme(color));
    expect(token.colorPrimary).toBe(shade);
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, token.colorPrimaryHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorLink, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorPrimaryText, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, token.colorError)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(seen(token.colorTextDescription, WHITE)!, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(seen(token.colorTextDescription, '#f0f2f5')!, '#f0f2f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(seen(token.colorTextPlaceholder, WHITE)!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives coloured and status tags text that reads on their tint', () => {
    const base = theme.getDesignToken();
    const tag = antdTheme('#409eff').components!.Tag as Record<string, string>;
    for (const key of ['blue', 'purple', 'cyan', 'green', 'magenta', 'orange', 'gold', 'volcano', 'lime', 'yellow']) {
      expect(contrast(tag[`${key}7`]!, base[`${key}1` as keyof typeof base] as string), key).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    expect(contrast(tag.colorWarning!, base.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tag.colorSuccess!, base.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tag.colorError!, base.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
    const progress = antdTheme('#409eff').components!.Progress as Record<string, string>;
    expect(contrast(progress.colorSuccess!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the dark pages’ tags text that reads on their tint, 进行中 included, in every offered colour', () => {
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    for (const color of THEME_COLORS) {
      const tag = antdTheme(color, true).components!.Tag as Record<string, string>;
      for (const key of ['blue', 'purple', 'cyan', 'green', 'magenta', 'orange', 'gold', 'volcano', 'lime', 'red']) {
        const bg = dark[`${key}1` as keyof typeof dark] as string;
        expect(contrast(tag[`${key}7`]!, bg), `${color} ${key}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(tag.colorInfo!, dark.colorInfoBg), `${color} 进行中`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(THEME_NAMES)('draws the frame of the %s theme in readable colours, in every offered colour', (name) => {
    for (const color of THEME_COLORS) {
      const { colors: c, menu } = shellTheme(name, color);
      const pairs: [string, string | undefined, string | undefined, string | undefined][] = [
        ['selected tab', c.tabActiveColor, c.tabActiveBg === 'transparent' ? c.tabsBg : c.tabActiveBg, c.tabsBg],
        ['tab', c.tabColor, c.tabBg === 'transparent' ? c.tabsBg : c.tabBg, c.tabsBg],
        ['header', c.headerColor, c.headerBg, undefined],
        ['brand', c.brandColor, c.brandBg, undefined],
        ['selected item (light menu)', menu.itemSelectedColor, menu.itemSelectedBg, menu.itemBg],
        ['selected item (dark menu)', menu.darkItemSelectedColor, menu.darkItemSelectedBg, menu.darkItemBg],
      ];
      for (const [what, fg, bg, under] of pairs) {
        if (!fg || !bg) continue;
        // A translucent background is seen over the one under it; a gradient where it starts.
        const solid = seen(startOf(bg) ?? '', startOf(under ?? '') ?? startOf(c.siderBg) ?? WHITE);
        if (!solid || !/^#/.test(solid)) continue;
        const text = seen(fg, solid);
        if (!text) continue;
        expect(contrast(text, solid), `${name} ${color} ${what}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
