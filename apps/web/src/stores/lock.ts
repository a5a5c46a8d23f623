import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { session, storageKey } from './storage.ts';

/**
 * The lock screen is a privacy curtain for a shared classroom PC, not a security control: like Saber it lives in
 * sessionStorage and is compared in the browser.
 */
interface LockState {
  locked: boolean;
  password: string;
  lock: (password: string) => void;
  unlock: (password: string) => boolean;
  clear: () => void;
}

export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      locked: false,
      password: '',
      lock: (password) => set({ locked: true, password }),
      unlock: (password) => {
        if (password !== get().password) return false;
        set({ locked: false, password: '' });
        return true;
      },
      clear: () => set({ locked: false, password: '' }),
    }),
    { name: storageKey('lock'), storage: session },
  ),
);
