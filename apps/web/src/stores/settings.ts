import type { Locale } from '@shixun/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { website } from '../config.ts';
import { local, storageKey } from './storage.ts';

/** The 11 skins of the frame (SPEC §2), in the order the theme picker shows them. */
export const THEME_NAMES = [
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
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

const HEX = /^#[0-9a-f]{6}$/i;

interface SettingsState {
  language: Locale;
  collapsed: boolean;
  theme: ThemeName;
  /** The primary colour (antd `colorPrimary`), `#rrggbb`. */
  color: string;
  setLanguage: (language: Locale) => void;
  setCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: ThemeName) => void;
  /** Anything but a `#rrggbb` colour is ignored, so a bad value can never break every page's styles. */
  setColor: (color: string) => void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: website.defaultLanguage,
      collapsed: false,
      theme: 'default',
      color: website.themeColor,
      setLanguage: (language) => set({ language }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setTheme: (theme) => set(THEME_NAMES.includes(theme) ? { theme } : {}),
      setColor: (color) => set(HEX.test(color) ? { color: color.toLowerCase() } : {}),
    }),
    {
      name: storageKey('settings'),
      storage: local,
      // A value stored by an older version (or edited by hand) falls back to the default instead of breaking the frame.
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<SettingsState>;
        return {
          ...current,
          ...s,
          theme: s.theme && THEME_NAMES.includes(s.theme) ? s.theme : current.theme,
          color: typeof s.color === 'string' && HEX.test(s.color) ? s.color : current.color,
        };
      },
    },
  ),
);
