import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../../stores/settings.ts';
import { cssVariables, shellTheme } from './themes.ts';

describe('themes', () => {
  const all = THEME_NAMES.map((name) => shellTheme(name, '#409eff'));

  it('gives every theme its own sidebar and header, not a colour swap of one', () => {
    const looks = new Set(all.map((t) => `${t.colors.siderBg}|${t.colors.headerBg}|${t.colors.brandBg}|${t.tabs}`));
    expect(looks.size).toBe(THEME_NAMES.length);
    expect(new Set(all.map((t) => t.tabs)).size).toBeGreaterThanOrEqual(5);
  });

  it('uses the dark algorithm only for the dark theme', () => {
    expect(all.filter((t) => t.dark).map((t) => t.name)).toEqual(['dark']);
  });

  it('derives accents from the chosen colour', () => {
    expect(shellTheme('lte', '#13c2c2').colors.headerBg).toBe('#13c2c2');
    expect(shellTheme('default', '#13c2c2').menu.darkItemSelectedBg).toBe('#13c2c2');
    expect(shellTheme('default', '#722ed1').colors.tabActiveColor).toBe('#722ed1');
  });

  it('exposes the frame colours as --sx-* custom properties', () => {
    const vars = cssVariables(shellTheme('white', '#409eff').colors, '#409eff');
    expect(vars).toMatchObject({
      '--sx-primary': '#409eff',
      '--sx-sider-bg': '#ffffff',
      '--sx-tab-active-color': '#409eff',
    });
  });
});
