import { describe, expect, it } from 'vitest';
import { primaryColor } from '../../stores/settings.ts';
import { accessiblePrimary } from './color.ts';
import { cssVariables, shellTheme, THEME_NAMES } from './themes.ts';

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
    // Fills carrying white text take the colour's readable shade; one that reads already is kept.
    expect(shellTheme('lte', '#13c2c2').colors.headerBg).toBe(accessiblePrimary('#13c2c2'));
    expect(shellTheme('default', '#13c2c2').menu.darkItemSelectedBg).toBe(accessiblePrimary('#13c2c2'));
    expect(shellTheme('default', '#722ed1').menu.darkItemSelectedBg).toBe('#722ed1');
    expect(shellTheme('default', '#13c2c2').colors.marker).toBe('#13c2c2');
  });

  it('offers the 11 themes of the spec and shows the default for a name it does not know', () => {
    expect(THEME_NAMES).toEqual([
      'default',
      'white',
      'dark',
      'star',
      'intelligent',
      'iview',
      'vip',
      'cool',
      'd2',
      'hey',
      'lte',
    ]);
    expect(shellTheme('neon', '#409eff').name).toBe('default');
  });

  it('uses a stored colour only when it is #rrggbb', () => {
    expect(primaryColor('#13C2C2')).toBe('#13C2C2');
    expect(['red; background: url(x)', '#fff', 'expression(alert(1))', ''].map(primaryColor)).toEqual([
      '#409EFF',
      '#409EFF',
      '#409EFF',
      '#409EFF',
    ]);
  });

  it('exposes the frame colours as --sx-* custom properties', () => {
    const vars = cssVariables(shellTheme('white', '#409eff').colors, '#409eff');
    expect(vars).toMatchObject({
      '--sx-primary': '#409eff',
      '--sx-sider-bg': '#ffffff',
      '--sx-tab-active-color': accessiblePrimary('#409eff'),
    });
  });
});
