import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_NAMES, useSettings } from './settings.ts';

const stored = () => JSON.parse(localStorage.getItem('shixun-settings') ?? '{}').state;

beforeEach(() => useSettings.setState({ theme: 'default', color: '#409eff', language: 'zh' }));

describe('settings store: theme, colour and language', () => {
  it('offers the 11 themes of the spec', () => {
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
  });

  it('starts with the default theme and #409EFF', () => {
    expect(useSettings.getState()).toMatchObject({ theme: 'default', color: '#409eff', language: 'zh' });
  });

  it('keeps the chosen theme, colour and language in localStorage', () => {
    useSettings.getState().setTheme('lte');
    useSettings.getState().setColor('#13C2C2');
    useSettings.getState().setLanguage('en');
    expect(stored()).toMatchObject({ theme: 'lte', color: '#13c2c2', language: 'en' });
  });

  it('ignores a theme it does not know and a colour that is not #rrggbb', () => {
    useSettings.getState().setTheme('purple' as never);
    useSettings.getState().setColor('red; background: url(x)');
    useSettings.getState().setColor('#fff');
    expect(useSettings.getState()).toMatchObject({ theme: 'default', color: '#409eff' });
  });

  it('falls back to the defaults when the stored values are damaged', async () => {
    localStorage.setItem(
      'shixun-settings',
      JSON.stringify({ state: { theme: 'neon', color: 'expression(alert(1))', language: 'en' }, version: 0 }),
    );
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({ theme: 'default', color: '#409eff', language: 'en' });
  });
});
