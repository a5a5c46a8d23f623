/** The languages the product speaks. Kept apart from the catalogues so a language switch does not download them. */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
