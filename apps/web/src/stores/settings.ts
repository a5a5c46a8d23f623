import type { Locale } from '@shixun/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { website } from '../config.ts';
import { local, storageKey } from './storage.ts';

interface SettingsState {
  language: Locale;
  collapsed: boolean;
  setLanguage: (language: Locale) => void;
  setCollapsed: (collapsed: boolean) => void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: website.defaultLanguage,
      collapsed: false,
      setLanguage: (language) => set({ language }),
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    { name: storageKey('settings'), storage: local },
  ),
);
