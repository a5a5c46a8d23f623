import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from './settings.ts';

const stored = () => JSON.parse(localStorage.getItem('shixun-settings') ?? '{}').state;

beforeEach(() => useSettings.setState({ theme: 'default', color: '#409eff', language: 'zh' }));

describe('settings store: theme, colour and language', () => {
  it('starts with zh, the default theme and #409EFF', () => {
    useSettings.setState(useSettings.getInitialState());
    expect(useSettings.getState()).toMatchObject({ theme: 'default', color: '#409EFF', language: 'zh' });
  });

  it('keeps the chosen theme, colour and language in localStorage', () => {
    useSettings.getState().setTheme('lte');
    useSettings.getState().setColor('#13C2C2');
    useSettings.getState().setLanguage('en');
    expect(stored()).toMatchObject({ theme: 'lte', color: '#13c2c2', language: 'en' });
  });

  it('reads them back after a reload', async () => {
    localStorage.setItem(
      'shixun-settings',
      JSON.stringify({ state: { theme: 'vip', color: '#722ed1', language: 'en' }, version: 0 }),
    );
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({ theme: 'vip', color: '#722ed1', language: 'en' });
  });
});
