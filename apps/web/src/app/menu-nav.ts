import type { MenuNode } from '@shixun/contracts';
import { MENU_OPEN } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { website } from '../config.ts';
import { isExternal, menuLabel, menuLeaves } from './menu.ts';

/* Choosing and finding menu items: the signed-in frame's, kept apart from menu.ts so the login page does not load it. */

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
