import type { MenuNode } from '@shixun/contracts';
import { MENU_OPEN } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { website } from '../config.ts';

/** Saber's isURL: a menu whose path is a web address or an html page. */
export const isExternal = (path: string) => /^https?:\/\//.test(path) || path.includes('html');

/**
 * The http(s) address an external menu path stands for (an html page of our own site resolves against it), or
 * undefined for anything else — a `javascript:` or `data:` address is never opened or framed.
 */
export function webAddress(path: string, origin = window.location.origin): string | undefined {
  try {
    const url = new URL(path, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `https://docs.example.edu/guide.html` → `docsexampleeduguidehtml`: the readable part of the embedded page's route. */
export const routerPathOf = (url: string) =>
  url
    .replace(/^https?:\/\//, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 80);

/** What choosing a menu item does: a new window (isOpen = 2), the embedded page (external), or a route. */
export type MenuTarget = { kind: 'window'; url: string } | { kind: 'route'; to: string } | { kind: 'invalid' };

export function menuTarget(node: MenuNode, label: string): MenuTarget {
  if (isExternal(node.path)) {
    const url = webAddress(node.path);
    if (!url) return { kind: 'invalid' };
    if (node.isOpen === MENU_OPEN.newWindow) return { kind: 'window', url };
    const query = new URLSearchParams({ src: url, name: label });
    return { kind: 'route', to: `${website.iframePath}/${routerPathOf(url) || 'page'}?${query}` };
  }
  if (node.isOpen === MENU_OPEN.newWindow) return { kind: 'window', url: node.path };
  return { kind: 'route', to: node.path };
}

/** The external menu items, for the embedded page to check that an address is one the menu offers. */
export const externalLeaves = (nodes: MenuNode[]) => menuLeaves(nodes).filter((n) => isExternal(n.path));

/** An item is shown when it names no roles or names one of the user's. */
export function visibleMenu(nodes: MenuNode[], roles: string[]): MenuNode[] {
  return nodes
    .filter((n) => !n.meta?.roles?.length || n.meta.roles.some((r) => roles.includes(r)))
    .map((n) => (n.children?.length ? { ...n, children: visibleMenu(n.children, roles) } : n));
}

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

export function menuLabel(node: MenuNode, t: TFunction): string {
  const key = menuI18nKey(node, t);
  return key ? t(key) : node.name;
}

export interface MenuHit {
  node: MenuNode;
  label: string;
  /** The groups above it, for context ("系统管理"). */
  groups: string[];
}

/**
 * The menu search (SPEC §2): pages whose name starts with `query`, ignoring case — the Chinese name from the server
 * or the label in the UI language, so 参数 and "param" both find 参数管理. An empty query lists every page.
 */
export function searchMenu(nodes: MenuNode[], query: string, t: TFunction): MenuHit[] {
  const q = query.trim().toLowerCase();
  const hits: MenuHit[] = [];
  const walk = (list: MenuNode[], groups: string[]) => {
    for (const node of list) {
      const label = menuLabel(node, t);
      if (node.children?.length) {
        walk(node.children, [...groups, label]);
      } else if (!q || node.name.toLowerCase().startsWith(q) || label.toLowerCase().startsWith(q)) {
        hits.push({ node, label, groups });
      }
    }
  };
  walk(nodes, []);
  return hits;
}
