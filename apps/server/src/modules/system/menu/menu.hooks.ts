import type { menuFormSchema } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { menu } from '../../../db/schema/index.ts';
import type { MenuRow } from './menu.service.ts';

const BUTTON = 2;

/**
 * The shape of the one menu tree beyond parents and loops (the tree's, menu.resource.ts): pages (category 1) nest
 * freely, a button (category 2) hangs under a page and nothing hangs under a button.
 */
export const menuHooks: ResourceHooks<typeof menuFormSchema, MenuRow> = {
  async beforeSave({ db, scope, values, existing }) {
    const parentId = values.parentId ?? existing?.parentId ?? '0';
    const category = values.category ?? existing?.category;
    if (parentId === '0') {
      if (category === BUTTON) throw badRequest('menu.button.needsParent');
    } else {
      const [parent] = await db
        .select({ category: menu.category })
        .from(menu)
        .where(and(scope, eq(menu.id, parentId)));
      if (parent?.category === BUTTON) throw badRequest('menu.parent.isButton');
    }
    if (existing && existing.category !== BUTTON && category === BUTTON) {
      const [children] = await db
        .select({ n: count() })
        .from(menu)
        .where(and(scope, eq(menu.parentId, existing.id)));
      if ((children?.n ?? 0) > 0) throw badRequest('menu.button.hasChildren');
    }
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
