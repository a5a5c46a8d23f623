import type { MenuNode } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { heldMenuIds, type Principal } from '../../../core/access/principal.ts';
import { buildForest } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { menu } from '../../../db/schema/index.ts';

export type MenuRow = typeof menu.$inferSelect;

/** A menu's title in both languages, as picker nodes carry it. */
export const menuTitle = (m: MenuRow) => ({ title: m.name, titleEn: m.nameEn });

/** A row as a node; where it sits in a tree (children, hasChildren) is added by whoever builds the tree. */
export function toNode(row: MenuRow): Omit<MenuNode, 'children' | 'hasChildren'> {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    alias: row.alias,
    path: row.path,
    source: row.source,
    sort: row.sort,
    category: row.category,
    action: row.action,
    isOpen: row.isOpen,
    remark: row.remark,
    meta: { ...(row.i18n ? { i18n: row.i18n } : {}), ...(row.roles.length ? { roles: row.roles } : {}) },
  };
}

async function liveMenus(db: Db): Promise<MenuRow[]> {
  return db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), eq(menu.status, 1)))
    .orderBy(asc(menu.sort), asc(menu.id));
}

/** Granted rows plus every ancestor, so a granted page is reachable through its parents. */
export function withAncestors(all: MenuRow[], picked: MenuRow[]): MenuRow[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const row of picked) {
    let cur: MenuRow | undefined = row;
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId !== '0' ? byId.get(cur.parentId) : undefined;
    }
  }
  return all.filter((m) => keep.has(m.id));
}

/**
 * Pages whose roles list lets the caller see them, and whose parents do too (SPEC: an item is shown only if its
 * allowed-roles list is absent or contains the current role) — for the superuser as for anyone: a page made for
 * students (我的班级) is no administrator's.
 */
function shownToRoles(pages: MenuRow[], aliases: string[]): Set<string> {
  const byId = new Map(pages.map((m) => [m.id, m]));
  const shown = new Set<string>();
  const allows = (m: MenuRow) => m.roles.length === 0 || m.roles.some((r) => aliases.includes(r));
  for (const page of pages) {
    let cur: MenuRow | undefined = page;
    while (cur && allows(cur)) cur = cur.parentId === '0' ? undefined : byId.get(cur.parentId);
    if (!cur) shown.add(page.id);
  }
  return shown;
}

/**
 * The sidebar: category-1 menus the caller's roles were granted (all for the superuser) and their roles lists let
 * them see, as a sorted tree. `only` (a top menu's menus) narrows it further; it never adds anything the roles do
 * not hold.
 */
export async function menuRoutes(db: Db, p: Principal, only?: Set<string>): Promise<MenuNode[]> {
  const pages = (await liveMenus(db)).filter((m) => m.category === 1);
  const granted = p.superuser ? null : await heldMenuIds(db, p);
  const shown = shownToRoles(pages, p.roleAliases);
  const picked = pages.filter((m) => shown.has(m.id) && (!granted || granted.has(m.id)) && (!only || only.has(m.id)));
  return buildForest(withAncestors(pages, picked).map(toNode));
}

/** Granted buttons (category 2) under their menus; the client flattens the leaves' codes into permissions. */
export async function menuButtons(db: Db, p: Principal): Promise<MenuNode[]> {
  const all = await liveMenus(db);
  const granted = p.superuser ? null : await heldMenuIds(db, p);
  const buttons = all.filter((m) => m.category === 2 && (!granted || granted.has(m.id)));
  return buildForest(withAncestors(all, buttons).map(toNode));
}
