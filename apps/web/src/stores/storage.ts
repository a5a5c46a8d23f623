import { createJSONStorage } from 'zustand/middleware';
import { website } from '../config.ts';

/** Persisted store names all carry the site prefix, as Saber's `saber-` keys do. */
export const storageKey = (name: string) => `${website.storagePrefix}${name}`;

export const local = createJSONStorage(() => localStorage);
export const session = createJSONStorage(() => sessionStorage);
