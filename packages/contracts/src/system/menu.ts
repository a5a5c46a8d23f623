import { z } from 'zod';
import { auditSchema, englishTextSchema, idSchema, remarkSchema, statusSchema, type TreeNode } from '../common.ts';
import type { MenuNode } from '../menu.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** Number inputs send `null` or `''` when cleared: both mean "not entered", never 0. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const int = (min: number, max: number, key: 'validation.invalid' | 'menu.category.required') =>
  z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });
/** A number that may be left out or cleared. */
const optionalInt = (min: number, max: number) =>
  z.preprocess(blankToUndefined, int(min, max, 'validation.invalid').optional()).optional();

/** Role aliases, as `role.roleAlias` accepts them. */
const roleAlias = z
  .string()
  .trim()
  .max(50, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { error: 'role.roleAlias.format' });

/**
 * 菜单 (menu): a page (category 1) or a button (category 2, its `code` a permission code) in the one global menu
 * tree. Rules between rows (a button sits under a page, nothing under a button, no cycles) are the server's.
 * No `.default()`s: an update sends only what changed; the database supplies defaults on insert (parentId "0").
 */
export const menuFormSchema = z.object({
  parentId: idSchema.optional(),
  code: required('menu.code.required')
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_:-]+$/, { error: 'menu.code.format' }),
  name: required('menu.name.required').max(100, { error: 'menu.name.tooLong' }),
  nameEn: englishTextSchema(100).optional(),
  alias: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  /**
   * A view path (`/system/user`) or an external page (`https://…`); anything else (`javascript:` …) could run in
   * the browser when the sidebar opens it.
   */
  path: z
    .string()
    .trim()
    .max(500, { error: 'validation.tooLong' })
    .regex(/^(\/\S*|https?:\/\/\S+)?$/, { error: 'menu.path.format' })
    .optional(),
  /** Icon name, e.g. `MenuOutlined` (Saber: `iconfont icon-caidan`). */
  source: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9 _.:-]*$/, { error: 'validation.invalid' })
    .optional(),
  sort: optionalInt(0, 99999),
  category: z.preprocess(blankToUndefined, int(1, 2, 'menu.category.required')),
  /** 0 none, 1 toolbar, 2 row, 3 toolbar and row (dictionary button_func). */
  action: optionalInt(0, 3),
  /** 1 inside the app, 2 in a new window. */
  isOpen: optionalInt(1, 2),
  /** Key of the route title in the web's catalog (`menu.<i18n>`). */
  i18n: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.-]*$/, { error: 'validation.invalid' })
    .optional(),
  /** Role aliases that may see the item in the sidebar; empty = everyone granted it. */
  roles: z.array(roleAlias, { error: 'validation.invalid' }).max(100, { error: 'validation.tooLong' }).optional(),
  remark: remarkSchema.optional(),
  status: statusSchema.optional(),
});
export type MenuForm = z.infer<typeof menuFormSchema>;

/** A menu row as `menu/detail`, `menu/page` and `menu/submit` present it. */
export const menuSchema = auditSchema.extend({
  parentId: z.string(),
  parentName: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  i18n: z.string(),
  roles: z.array(z.string()),
  remark: z.string(),
});
export type Menu = z.infer<typeof menuSchema>;

/**
 * A row of `menu/list`, `menu/lazy-list`, `menu/menu-list` and `menu/lazy-menu-list` (BladeX MenuVO): the node the
 * sidebar reads plus what the tree table shows. `hasChildren` says whether live rows hang below it.
 */
export interface MenuTreeRow extends MenuNode {
  parentName: string;
  status: number;
  hasChildren: boolean;
  children?: MenuTreeRow[];
}

/** `menu/grant-top-tree`: the menus the caller may put into a top menu. */
export interface TopMenuGrantTree {
  menu: TreeNode[];
}

/** `menu/top-tree-keys?topMenuIds=`: the menus already in those top menus. */
export interface TopMenuKeys {
  menu: string[];
}
