import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { website } from '../config.ts';
import { local, storageKey } from './storage.ts';

export interface Tab {
  /** The route path; also the tab's identity. */
  value: string;
  /** Fallback text when there is no i18n key (a menu name from the server). */
  label: string;
  /** The menu's English name, shown in English instead of `label` when it has one. */
  labelEn?: string;
  /** Key in the UI catalog, so the tab follows a language switch. */
  i18n?: string;
  /** The query string the page needs (the embedded page's `?src=&name=`), kept so the tab reopens it. */
  search?: string;
  close: boolean;
}

/** Where clicking the tab goes. */
export const tabHref = (tab: Pick<Tab, 'value' | 'search'>) => `${tab.value}${tab.search ?? ''}`;

export const HOME_TAB: Tab = { value: website.homePath, label: '首页', i18n: 'route.wel', close: false };

interface TabsState {
  tabs: Tab[];
  active: string;
  open: (tab: Omit<Tab, 'close'>) => void;
  /** Closes a tab and returns the path to show next when it was the active one. */
  close: (value: string) => string | undefined;
  /** The address of the active tab, for returning to it (after unlocking, after closing). */
  activeHref: () => string;
  closeOthers: () => void;
  closeAll: () => void;
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [HOME_TAB],
      active: HOME_TAB.value,
      open: (tab) => {
        if (tab.value === HOME_TAB.value) return set({ active: HOME_TAB.value });
        const tabs = get().tabs;
        const known = tabs.some((t) => t.value === tab.value);
        set({
          tabs: known
            ? tabs.map((t) => (t.value === tab.value ? { ...t, ...tab } : t))
            : [...tabs, { ...tab, close: true }],
          active: tab.value,
        });
      },
      close: (value) => {
        const { tabs, active } = get();
        const index = tabs.findIndex((t) => t.value === value);
        if (index < 0 || !tabs[index]!.close) return undefined;
        const rest = tabs.filter((t) => t.value !== value);
        if (value !== active) {
          set({ tabs: rest });
          return undefined;
        }
        const next = rest[index - 1] ?? rest[0] ?? HOME_TAB;
        set({ tabs: rest, active: next.value });
        return tabHref(next);
      },
      activeHref: () => {
        const { tabs, active } = get();
        return tabHref(tabs.find((t) => t.value === active) ?? HOME_TAB);
      },
      closeOthers: () => set(({ tabs, active }) => ({ tabs: tabs.filter((t) => !t.close || t.value === active) })),
      closeAll: () => set({ tabs: [HOME_TAB], active: HOME_TAB.value }),
    }),
    { name: storageKey('tabs'), storage: local },
  ),
);
