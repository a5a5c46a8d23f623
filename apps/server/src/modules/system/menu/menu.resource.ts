import { menuFormSchema, menuSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { menu } from '../../../db/schema/index.ts';
import { menuHooks } from './menu.hooks.ts';

/** The filters of the menu lists, the paged one here and the trees of menu.routes.ts. */
export const menuFilters = {
  name: filter.like(menu.name, menu.nameEn),
  code: filter.like(menu.code),
  alias: filter.like(menu.alias),
  category: filter.eqInt(menu.category),
};

/**
 * 菜单管理: the CRUD half. `list` is the tree (menu.routes.ts), as Saber expects, so the factory's flat paged list
 * is mounted as `page`. Menus are global: read with `menu_view`, written by the platform superuser only.
 */
export const menuResource = defineResource({
  name: 'menu',
  basePath: '/api/blade-system/menu',
  listPath: 'page',
  table: menu,
  scope: 'global',
  form: menuFormSchema,
  filters: { ...menuFilters, parentId: filter.eqId(menu.parentId) },
  sorts: { sort: menu.sort, name: menu.name, code: menu.code, createTime: menu.createTime },
  defaultSort: [asc(menu.sort), asc(menu.id)],
  unique: [{ fields: ['code'], message: 'menu.code.taken' }],
  constraintMessages: { sys_menu_code_uq: 'menu.code.taken' },
  // The tree calls (list, lazy-list, menu-list, tree …) filter and keep to what pickers may offer: menu.routes.ts.
  tree: {
    parent: menu.parentId,
    title: (row) => row.name,
    messages: { parent: 'menu.parent.notFound', loop: 'menu.parent.cycle', hasChildren: 'menu.hasChildren' },
  },
  hooks: menuHooks,
  present: presenter(menuSchema),
});
