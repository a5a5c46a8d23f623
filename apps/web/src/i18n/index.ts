import type { Locale } from '@shixun/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';
import { en } from './en.ts';
import { zh } from './zh.ts';

type Tree = { [key: string]: string | Tree };

/**
 * The contracts' catalog is flat (`param.paramName.required`) with `{field}` placeholders; i18next wants nested
 * keys and `{{field}}`, so it is reshaped once into the `shared` namespace.
 */
export function toNamespace(flat: Record<string, string>): Tree {
  const root: Tree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') {
        node = next;
      } else {
        const child: Tree = {};
        node[part] = child;
        node = child;
      }
    }
    node[parts[parts.length - 1]!] = text.replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return root;
}

void i18n.use(initReactI18next).init({
  resources: {
    zh: { translation: zh },
    en: { translation: en },
  },
  lng: useSettings.getState().language,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyLocale(language: Locale): void {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}
applyLocale(useSettings.getState().language);

useSettings.subscribe((state, prev) => {
  if (state.language === prev.language) return;
  void i18n.changeLanguage(state.language);
  applyLocale(state.language);
});

let catalogs: Promise<void> | undefined;

/**
 * The pages' strings and the server's message catalog (`shared`), which grow with every module: fetched once, as a
 * chunk of their own, before the signed-in layout shows, so the login page never downloads them.
 */
export function loadCatalogs(): Promise<void> {
  catalogs ??= import('./catalogs.ts').then(({ pageCatalog, sharedCatalog }) => {
    for (const lng of ['zh', 'en'] as const) {
      i18n.addResourceBundle(lng, 'translation', pageCatalog[lng], true, false);
      i18n.addResourceBundle(lng, 'shared', toNamespace(sharedCatalog[lng]), true, true);
    }
  });
  // A failed download is tried again by the next caller (the route's retry), not remembered.
  catalogs.catch(() => {
    catalogs = undefined;
  });
  return catalogs;
}

export { i18n };
