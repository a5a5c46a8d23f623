import type { ComponentType } from 'react';
import { type LazyPage, lazyPage } from './lazy.ts';

/**
 * The view registry: a server menu path `/system/param` is served by `src/pages/system/param.tsx` (or
 * `.../param/index.tsx`), the way Saber maps it to `views/system/param.vue`. Each page is its own chunk. Files named
 * in PascalCase beside a page (`role/GrantDialog.tsx`) are its parts, never pages.
 */
const pages = import.meta.glob<{ default: ComponentType }>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/[A-Z]*.tsx',
  '!../pages/login/**',
  '!../pages/lock/**',
  '!../pages/error/**',
]);

const views = new Map<string, LazyPage<ComponentType>>();

export function viewFor(menuPath: string): LazyPage<ComponentType> | undefined {
  const path = menuPath.replace(/\/+$/, '');
  const file = [`../pages${path}.tsx`, `../pages${path}/index.tsx`].find((f) => f in pages);
  if (!file) return undefined;
  let view = views.get(file);
  if (!view) {
    view = lazyPage(pages[file]!);
    views.set(file, view);
  }
  return view;
}
