/** Menu categories: 1 a page in the sidebar, 2 a button (its `code` is a permission code). */
export const MENU_CATEGORY = { menu: 1, button: 2 } as const;
/** isOpen: 1 inside the app, 2 in a new window. */
export const MENU_OPEN = { inside: 1, newWindow: 2 } as const;

/** A node of `GET /api/blade-system/menu/routes` and `menu/buttons` (original-stack §1.9). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** The name in English ('' = none: the English interface shows `name`). */
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  meta: { i18n?: string; roles?: string[] };
  hasChildren?: boolean;
  children?: MenuNode[];
}

/** Flatten a button tree into `{code: true}` for its leaves, as the Saber client does. */
export function flattenPermissions(nodes: MenuNode[]): Record<string, true> {
  const out: Record<string, true> = {};
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.children?.length) walk(node.children);
      else if (node.code) out[node.code] = true;
    }
  };
  walk(nodes);
  return out;
}
