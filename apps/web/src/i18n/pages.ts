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

/** Families may share a top-level key (e.g. each adds its own `menu.<key>` names), so they merge deeply. */
export function mergeTrees(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] = typeof value === 'object' ? mergeTrees(typeof current === 'object' ? current : {}, value) : value;
  }
  return into;
}

export const pageCatalog = {
  zh: Object.values(files).reduce<Tree>((all, f) => mergeTrees(all, f.default.zh), {}),
  en: Object.values(files).reduce<Tree>((all, f) => mergeTrees(all, f.default.en), {}),
};
