import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { menu } from '../../../db/schema/index.ts';
import { subtreeIds } from '../role/role.hooks.ts';

const BUTTON = 2;

/**
 * The shape of the one menu tree: pages (category 1) nest freely, a button (category 2) hangs under a page and
 * nothing hangs under a button; no row moves under itself or below itself.
 */
export const menuHooks: ResourceHooks = {
  async beforeSave({ db, scope, values, existing }) {
    const id = existing?.id as string | undefined;
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    const category = Number(values.category ?? existing?.category);
    values.parentId = parentId;

    if (parentId === '0') {
      if (category === BUTTON) throw badRequest('menu.button.needsParent');
    } else {
      const rows = await db
        .select({ id: menu.id, parentId: menu.parentId, category: menu.category })
        .from(menu)
        .where(scope);
      const parent = rows.find((r) => r.id === parentId);
      if (!parent) throw badRequest('menu.parent.notFound');
      if (id && subtreeIds(rows, id).has(parentId)) throw badRequest('menu.parent.cycle');
      if (parent.category === BUTTON) throw badRequest('menu.parent.isButton');
    }

    if (id && existing?.category !== BUTTON && category === BUTTON) {
      const [children] = await db
        .select({ n: count() })
        .from(menu)
        .where(and(scope, eq(menu.parentId, id)));
      if ((children?.n ?? 0) > 0) throw badRequest('menu.button.hasChildren');
    }
  },

  async beforeRemove({ db, scope, ids }) {
    // A menu may go together with everything below it in one request, never while a child would stay behind.
    const [children] = await db
      .select({ n: count() })
      .from(menu)
      .where(and(scope, inArray(menu.parentId, ids), notInArray(menu.id, ids)));
    if ((children?.n ?? 0) > 0) throw badRequest('menu.hasChildren');
  },

  async afterLoad(rows, { db }) {
    const parentIds = [...new Set(rows.map((r) => String(r.parentId)).filter((id) => id !== '0'))];
    const parents = parentIds.length
      ? await db
          .select({ id: menu.id, name: menu.name })
          .from(menu)
          .where(and(inArray(menu.id, parentIds), eq(menu.isDeleted, 0)))
      : [];
    const names = new Map(parents.map((p) => [p.id, p.name]));
    return rows.map((r) => ({ ...r, parentName: names.get(String(r.parentId)) ?? '' }));
  },
};
