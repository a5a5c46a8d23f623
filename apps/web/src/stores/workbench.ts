import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { local, storageKey } from './storage.ts';

/** A page the user opened, for 最近访问. */
export interface RecentPage {
  /** The route path (the page's identity). */
  value: string;
  label: string;
  labelEn?: string;
  i18n?: string;
  search?: string;
  /** When it was last opened (ms). */
  time: number;
}

interface UserBench {
  /** Menu paths pinned as 常用功能, in the user's order. */
  shortcuts: string[];
  recent: RecentPage[];
}

/** Recent pages kept per user; older ones drop off. */
export const MAX_RECENT = 12;
export const MAX_SHORTCUTS = 24;

const EMPTY: UserBench = { shortcuts: [], recent: [] };

interface WorkbenchState {
  /** Keyed by user id: on a shared classroom PC each person sees only their own. */
  byUser: Record<string, UserBench>;
  visit: (userId: string, page: Omit<RecentPage, 'time'>, now?: number) => void;
  clearRecent: (userId: string) => void;
  setShortcuts: (userId: string, paths: string[]) => void;
}

export const useWorkbench = create<WorkbenchState>()(
  persist(
    (set) => {
      const update = (userId: string, change: (bench: UserBench) => Partial<UserBench>) =>
        set(({ byUser }) => {
          const bench = byUser[userId] ?? EMPTY;
          return { byUser: { ...byUser, [userId]: { ...bench, ...change(bench) } } };
        });
      return {
        byUser: {},
        visit: (userId, page, now = Date.now()) =>
          update(userId, ({ recent }) => ({
            recent: [{ ...page, time: now }, ...recent.filter((r) => r.value !== page.value)].slice(0, MAX_RECENT),
          })),
        clearRecent: (userId) => update(userId, () => ({ recent: [] })),
        setShortcuts: (userId, paths) =>
          update(userId, () => ({ shortcuts: [...new Set(paths)].slice(0, MAX_SHORTCUTS) })),
      };
    },
    { name: storageKey('workbench'), storage: local },
  ),
);

/** The signed-in user's workbench (empty for someone new). */
export const benchOf = (state: WorkbenchState, userId: string | undefined): UserBench =>
  (userId && state.byUser[userId]) || EMPTY;
