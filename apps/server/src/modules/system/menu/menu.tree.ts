import type { MenuTreeRow } from '@shixun/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { can, principalOf } from '../../../core/access/guard.ts';
import { heldMenuIds } from '../../../core/access/principal.ts';
import { buildForest } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { menu } from '../../../db/schema/index.ts';
import { type MenuRow, toNode, withAncestors } from './menu.service.ts';

/** Every menu and button that is not deleted (disabled ones too: the management page must show them). */
export async function storedMenus(db: Db, where?: SQL): Promise<MenuRow[]> {
  return db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), where))
    .orderBy(asc(menu.sort), asc(menu.id));
}

/**
 * Ids of the pages a picker may offer the caller. Menu administrators (`menu_view`) see every page; someone who
 * reaches a picker through another permission (building a top menu, granting a role) sees only the pages their
 * roles hold and the parents above them — the same menus their own sidebar shows.
 */
export async function pickablePageIds(req: FastifyRequest, db: Db): Promise<Set<string> | null> {
  if (await can(req, 'menu_view')) return null;
  const pages = await storedMenus(db, eq(menu.category, 1));
  const held = await heldMenuIds(db, principalOf(req));
  return new Set(
    withAncestors(
      pages,
      pages.filter((m) => held.has(m.id)),
    ).map((m) => m.id),
  );
}

export interface MenuTreeOptions {
  /** The declared filters' condition; a match is shown wherever it sits (an unmatched parent is left out). */
  where?: SQL;
  /** One level only (lazy lists); otherwise the whole forest. */
  parentId?: string;
  /** Pages (category 1) only. */
  pagesOnly?: boolean;
  /** Ids the caller may see; null = all. */
  allowed?: Set<string> | null;
}

/** Menu rows as the tree table and the pickers read them, each saying whether visible rows hang below it. */
export async function menuTree(db: Db, opts: MenuTreeOptions): Promise<MenuTreeRow[]> {
  const stored = await storedMenus(db);
  const names = new Map(stored.map((m) => [m.id, m.name]));
  const visible = stored.filter(
    (m) => (!opts.pagesOnly || m.category === 1) && (!opts.allowed || opts.allowed.has(m.id)),
  );
  const matched = opts.where ? new Set((await storedMenus(db, opts.where)).map((m) => m.id)) : null;
  const withChildren = new Set(visible.map((m) => m.parentId));
  const rows: MenuTreeRow[] = visible
    .filter((m) => (!matched || matched.has(m.id)) && (opts.parentId === undefined || m.parentId === opts.parentId))
    .map((m) => ({
      ...toNode(m),
      parentName: names.get(m.parentId) ?? '',
      status: m.status,
      hasChildren: withChildren.has(m.id),
    }));
  return opts.parentId === undefined ? buildForest(rows) : rows;
}
