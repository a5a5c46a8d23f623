import { topMenuFormSchema, topMenuSchema } from '@shixun/contracts';
import { and, asc, inArray } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { topMenu, topMenuSetting } from '../../../db/schema/index.ts';

/** 顶部菜单: the CRUD half (tenant rows); what each one shows is set by `topmenu/grant` (topmenu.routes.ts). */
export const topMenuResource = defineResource({
  name: 'topmenu',
  basePath: '/api/blade-system/topmenu',
  table: topMenu,
  scope: 'tenant',
  form: topMenuFormSchema,
  filters: { code: filter.like(topMenu.code), name: filter.like(topMenu.name) },
  sorts: { sort: topMenu.sort, code: topMenu.code, name: topMenu.name, createTime: topMenu.createTime },
  defaultSort: [asc(topMenu.sort), asc(topMenu.id)],
  unique: [{ fields: ['code'], message: 'topmenu.code.taken' }],
  constraintMessages: { sys_top_menu_code_uq: 'topmenu.code.taken' },
  hooks: {
    async beforeRemove({ db, scope, ids }) {
      // Only the caller's own top menus lose their menus here; an id that is not theirs makes the factory undo
      // the whole request, this delete included.
      const own = db
        .select({ id: topMenu.id })
        .from(topMenu)
        .where(and(scope, inArray(topMenu.id, ids)));
      await db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, own));
    },
  },
  present: presenter(topMenuSchema),
});
