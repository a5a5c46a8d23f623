import type { Locale } from '@shixun/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { website } from '../config.ts';
import { local, storageKey } from './storage.ts';

interface SettingsState {
  language: Locale;
  collapsed: boolean;
  /** A skin's name (app/theme/themes.ts); an unknown one (an older version's, or edited by hand) shows the default. */
  theme: string;
  /** The primary colour, `#rrggbb`; anything else is ignored where it is used. */
  color: string;
  setLanguage: (language: Locale) => void;
  setCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: string) => void;
  setColor: (color: string) => void;
}

/** Language, sidebar, skin and colour, kept in this browser (SPEC §2: theme, colour and language persist). */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: website.defaultLanguage,
      collapsed: false,
      theme: 'default',
      color: website.themeColor,
      setLanguage: (language) => set({ language }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setTheme: (theme) => set({ theme }),
      setColor: (color) => set({ color: color.toLowerCase() }),
    }),
    { name: storageKey('settings'), storage: local },
  ),
);

/** The stored colour when it is one (`#rrggbb`), else the default: a bad value can never break every page's styles. */
export const primaryColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : website.themeColor);
