/** A seeded menu row: a page (category 1) or a button (category 2). */
export interface SeedMenu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** The name in English: seeded rows carry both languages. */
  nameEn: string;
  alias?: string;
  path: string;
  source?: string;
  sort: number;
  category: 1 | 2;
  action?: number;
  i18n?: string;
  /** Role aliases the sidebar shows the page to (SPEC: an item with a roles list is shown only to those roles). */
  roles?: string[];
}

/** The standard four CRUD buttons of a page, coded `{biz}_add|_view|_edit|_delete` (SPEC §6). */
export function crudButtons(parentId: string, firstId: number, biz: string, path: string): SeedMenu[] {
  const buttons = [
    { alias: 'add', name: '新增', nameEn: 'Add', action: 1 },
    { alias: 'view', name: '查看', nameEn: 'View', action: 2 },
    { alias: 'edit', name: '修改', nameEn: 'Edit', action: 2 },
    { alias: 'delete', name: '删除', nameEn: 'Delete', action: 3 },
  ];
  return buttons.map((b, i) => ({
    id: String(firstId + i),
    parentId,
    code: `${biz}_${b.alias}`,
    name: b.name,
    nameEn: b.nameEn,
    alias: b.alias,
    path: `${path}/${b.alias}`,
    sort: i + 1,
    category: 2,
    action: b.action,
  }));
}

export type MenuNames = [zh: string, en: string];

/** A module's group: a top-level row (category 1) the sidebar opens to show the module's pages. */
export function menuGroup(
  id: number,
  code: string,
  names: MenuNames,
  path: string,
  source: string,
  sort: number,
): SeedMenu {
  return menuPage(id, '0', code, names, path, source, sort);
}

/** A module's page (category 1) under its group; `i18n` is its code. */
export function menuPage(
  id: number,
  parentId: string,
  code: string,
  [name, nameEn]: MenuNames,
  path: string,
  source: string,
  sort: number,
): SeedMenu {
  return { id: String(id), parentId, code, name, nameEn, alias: 'menu', path, source, sort, category: 1, i18n: code };
}

/**
 * A page's own button beyond the four CRUD ones: by default the first after them (sort 5) and on the toolbar
 * (action 1; 2 puts it on each row).
 */
export function menuButton(
  id: number,
  parentId: string,
  code: string,
  [name, nameEn]: MenuNames,
  alias: string,
  path: string,
  { sort = 5, action = 1 }: { sort?: number; action?: number } = {},
): SeedMenu {
  return {
    id: String(id),
    parentId,
    code,
    name,
    nameEn,
    alias,
    path: `${path}/${alias}`,
    sort,
    category: 2,
    action,
  };
}
