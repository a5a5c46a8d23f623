import type { TreeNode } from '@shixun/contracts';
import { i18n } from './index.ts';

/**
 * The name of a row the product supplies (a role, menu, dictionary item, parameter, tenant) in the UI's language:
 * its English in the English interface when it has one, else the stored Chinese. The one place that picks between a
 * row's two names; a component showing one re-renders on a language switch through `useTranslation`.
 */
export function localName(zh: string, en: string | undefined): string {
  return i18n.language === 'en' && en ? en : zh;
}

/**
 * A picker tree with each title in the UI's language. Trees are localised as they are fetched, for the antd pickers
 * that show `title`; a language switch fetches them again (app/query.ts).
 */
export function localTree<N extends TreeNode>(nodes: N[]): N[] {
  return nodes.map((n) => ({
    ...n,
    title: localName(n.title, n.titleEn),
    ...(n.children ? { children: localTree(n.children as N[]) } : {}),
  }));
}
