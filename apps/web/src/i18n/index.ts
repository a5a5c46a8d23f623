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

const catalogFiles: Record<Locale, () => Promise<typeof import('virtual:catalog/zh')>> = {
  zh: () => import('virtual:catalog/zh'),
  en: () => import('virtual:catalog/en'),
};
const catalogs = new Map<Locale, Promise<void>>();
const arrived = new Set<Locale>();

/**
 * The pages' strings and the server's message catalog (`shared`) in one language, which grow with every module:
 * fetched once, as a chunk of their own, before the signed-in layout shows, so the login page never downloads them;
 * the other language only if the user switches to it (vite.config.ts: one file per language).
 */
export function loadCatalogs(language: Locale = useSettings.getState().language): Promise<void> {
  let loading = catalogs.get(language);
  if (!loading) {
    loading = catalogFiles[language]().then(({ pages, shared }) => {
      i18n.addResourceBundle(language, 'translation', pages, true, false);
      i18n.addResourceBundle(language, 'shared', toNamespace(shared), true, true);
      arrived.add(language);
    });
    catalogs.set(language, loading);
    // A failed download is tried again by the next caller (the route's retry), not remembered.
    loading.catch(() => catalogs.delete(language));
  }
  return loading;
}

useSettings.subscribe((state, prev) => {
  if (state.language === prev.language) return;
  const language = state.language;
  const apply = () => {
    if (useSettings.getState().language !== language) return;
    void i18n.changeLanguage(language);
    applyLocale(language);
  };
  // Where the pages' strings are in use, the new language's arrive before it shows: a page half in one language and
  // half in the other would be worse than a moment's wait. Offline, it shows what it has.
  if (catalogs.size === 0 || arrived.has(language)) apply();
  else loadCatalogs(language).then(apply, apply);
});

export { i18n };
