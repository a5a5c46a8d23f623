/** A string tree in one language; the other language must have exactly the same keys. */
type Tree = { [key: string]: string | Tree };
type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/**
 * Messages of one page family, in both languages, kept beside each other in `i18n/pages/<family>.ts` and merged
 * into the catalog at start — so adding a page never means editing one shared file.
 */
export function pageMessages<const Z extends Tree>(messages: { zh: Z; en: SameKeys<Z> }) {
  return messages;
}

type PageFile = { default: { zh: Tree; en: Tree } };

const files = import.meta.glob<PageFile>('./pages/*.ts', { eager: true });

export const pageCatalog = {
  zh: Object.assign({}, ...Object.values(files).map((f) => f.default.zh)) as Tree,
  en: Object.assign({}, ...Object.values(files).map((f) => f.default.en)) as Tree,
};
