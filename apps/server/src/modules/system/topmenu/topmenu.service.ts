import type { TopMenuGrant, TopMenuGrantTree, TopMenuItem, TopMenuKeys } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { heldMenuIds } from '../../../core/access/principal.ts';
import { treeNodes } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { menu, topMenu, topMenuSetting } from '../../../db/schema/index.ts';
import { type MenuRow, menuTitle, withAncestors } from '../menu/menu.service.ts';

/** Live top menus of the caller's tenant with these ids; 404 unless every one is there (another tenant's is unknown). */
async function ownTopMenus(db: Db, p: Principal, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: topMenu.id })
    .from(topMenu)
    .where(and(inArray(topMenu.id, wanted), eq(topMenu.tenantId, p.tenantId), eq(topMenu.isDeleted, 0)));
  if (rows.length !== wanted.length) throw notFound();
  return wanted;
}

/**
 * Pages the caller may put into a top menu: every page for the superuser, else the pages their roles hold and the
 * parents above them — exactly what their own sidebar can show, so a top menu never reveals anything more.
 */
async function offerablePages(db: Db, p: Principal): Promise<MenuRow[]> {
  const pages = await db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), eq(menu.category, 1)))
    .orderBy(asc(menu.sort), asc(menu.id));
  if (p.superuser) return pages;
  const held = await heldMenuIds(db, p);
  return withAncestors(
    pages,
    pages.filter((m) => held.has(m.id)),
  );
}

export async function grantTopTree(db: Db, p: Principal): Promise<TopMenuGrantTree> {
  return {
    menu: treeNodes(await offerablePages(db, p), menuTitle),
  };
}

/** The live menus already in those top menus. */
export async function topTreeKeys(db: Db, p: Principal, topMenuIds: string[]): Promise<TopMenuKeys> {
  const own = await ownTopMenus(db, p, topMenuIds);
  const rows = await db
    .selectDistinct({ id: topMenuSetting.menuId })
    .from(topMenuSetting)
    .innerJoin(menu, and(eq(menu.id, topMenuSetting.menuId), eq(menu.isDeleted, 0)))
    .where(inArray(topMenuSetting.topMenuId, own));
  return { menu: rows.map((r) => r.id) };
}

/** The menus of these top menus become exactly `menuIds`: live pages the caller may offer (see offerablePages). */
export async function grantTopMenus(db: Db, p: Principal, body: TopMenuGrant): Promise<void> {
  const own = await ownTopMenus(db, p, body.topMenuIds);
  const menuIds = [...new Set(body.menuIds)];
  if (menuIds.length) {
    const found = await db
      .select({ id: menu.id })
      .from(menu)
      .where(and(inArray(menu.id, menuIds), eq(menu.isDeleted, 0), eq(menu.category, 1)));
    if (found.length !== menuIds.length) throw badRequest('topmenu.grant.unknownMenu');
    if (!p.superuser) {
      const offerable = new Set((await offerablePages(db, p)).map((m) => m.id));
      if (menuIds.some((id) => !offerable.has(id))) throw forbidden('topmenu.grant.exceeds');
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, own));
    const rows = own.flatMap((topMenuId) => menuIds.map((menuId) => ({ topMenuId, menuId })));
    if (rows.length) await tx.insert(topMenuSetting).values(rows);
  });
}

/** The menus a top menu shows, for `menu/routes?topMenuId=`; 404 unless it is a live top menu of the caller's tenant. */
export async function topMenuMenuIds(db: Db, p: Principal, topMenuId: string): Promise<Set<string>> {
  await ownTopMenus(db, p, [topMenuId]);
  const rows = await db
    .select({ id: topMenuSetting.menuId })
    .from(topMenuSetting)
    .where(eq(topMenuSetting.topMenuId, topMenuId));
  return new Set(rows.map((r) => r.id));
}

/** The caller's tenant's enabled top menus, for the top bar. */
export async function topMenusOf(db: Db, p: Principal): Promise<TopMenuItem[]> {
  return db
    .select({ id: topMenu.id, code: topMenu.code, name: topMenu.name, source: topMenu.source, sort: topMenu.sort })
    .from(topMenu)
    .where(and(eq(topMenu.tenantId, p.tenantId), eq(topMenu.isDeleted, 0), eq(topMenu.status, 1)))
    .orderBy(asc(topMenu.sort), asc(topMenu.id));
}
