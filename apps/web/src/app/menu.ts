import type { MenuNode } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { localName } from '../i18n/local-name.ts';

/** Saber's isURL: a menu whose path is a web address or an html page. */
export const isExternal = (path: string) => /^https?:\/\//.test(path) || path.includes('html');

/** Saber turns a top-level page without children into `<path>/index`, the route it is mounted at. */
export function normalizeMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes.map((n) => {
    if (n.children?.length) return n;
    if (isExternal(n.path) || n.path.endsWith('/index')) return n;
    return { ...n, path: `${n.path.replace(/\/+$/, '')}/index` };
  });
}

export function menuLeaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children?.length ? menuLeaves(n.children) : [n]));
}

export const findMenu = (nodes: MenuNode[], path: string) => menuLeaves(nodes).find((n) => n.path === path);

/** The chain of nodes from the root to the leaf at `path` (for breadcrumbs and open sub-menus). */
export function menuTrail(nodes: MenuNode[], path: string): MenuNode[] {
  for (const n of nodes) {
    if (n.path === path && !n.children?.length) return [n];
    const below = n.children?.length ? menuTrail(n.children, path) : [];
    if (below.length) return [n, ...below];
  }
  return [];
}

/** The catalog key of a menu's name, when the UI catalog has one. */
export function menuI18nKey(node: MenuNode, t: TFunction): string | undefined {
  const key = node.meta?.i18n ? `menu.${node.meta.i18n}` : undefined;
  return key && t(key, { defaultValue: '' }) ? key : undefined;
}

/** A menu's title: the catalog's for the product's own pages (Saber's meta.i18n), else its name in the UI language. */
export function menuLabel(node: MenuNode, t: TFunction): string {
  const key = menuI18nKey(node, t);
  return key ? t(key) : localName(node.name, node.nameEn);
}
