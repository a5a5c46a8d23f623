// One language of i18n/catalogs.ts, made by vite.config.ts (catalogsPerLanguage).
declare module 'virtual:catalog/*' {
  type Tree = { [key: string]: string | Tree };
  export const pages: Tree;
  export const shared: Record<string, string>;
}
